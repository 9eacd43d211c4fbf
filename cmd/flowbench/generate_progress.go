package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progressBar shows houses done (the bar, with its ETA), questions written
// and questions per second on stderr.
type progressBar struct {
	w         io.Writer
	mu        sync.Mutex
	bar       *progressbar.ProgressBar
	start     time.Time
	questions int
	last      time.Time
}

// newProgressBar starts a bar over the houses this run generates (a resumed
// run counts only the houses left, so that the ETA is right).
func newProgressBar(w io.Writer, houses int) *progressBar {
	p := &progressBar{w: w, start: time.Now()}
	p.bar = progressbar.NewOptions(houses,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("houses"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetWidth(24),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionShowDescriptionAtLineEnd(),
	)
	p.describe()
	return p
}

// Question counts one written question.
func (p *progressBar) Question() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.questions++
	if time.Since(p.last) > 250*time.Millisecond {
		p.describe()
		p.bar.Add(0)
	}
}

// House counts one finished house.
func (p *progressBar) House() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.describe()
	p.bar.Add(1)
}

func (p *progressBar) describe() {
	p.last = time.Now()
	rate := 0.0
	if s := time.Since(p.start).Seconds(); s > 0 {
		rate = float64(p.questions) / s
	}
	p.bar.Describe(fmt.Sprintf("houses | %d questions, %.1f q/s", p.questions, rate))
}

// Finish ends the bar.
func (p *progressBar) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.describe()
	p.bar.Finish()
	fmt.Fprintln(p.w)
}
