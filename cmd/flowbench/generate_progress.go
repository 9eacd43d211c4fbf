package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress reports a run's progress on stderr: houses done, questions
// written, questions per second and, once a house is done, the ETA.
type progress interface {
	Question() // one question written
	House()    // one house finished
	Finish()   // the run ended
}

// progressLineEvery is how often a progress line is written when stderr is
// not a terminal (a log file or a pipe gets lines, not redraws).
const progressLineEvery = 10 * time.Second

// newProgress returns a redrawing bar when w is a terminal and a plain line
// every progressLineEvery otherwise; houses is what this run generates (a
// resumed run counts only the houses left, so that the ETA is right).
func newProgress(w io.Writer, houses int) progress {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return newProgressBar(w, houses)
	}
	return &progressLines{counts: progressCounts{houses: houses, start: time.Now()}, w: w, every: progressLineEvery}
}

// progressCounts are the numbers both forms show.
type progressCounts struct {
	houses, done, questions int
	start                   time.Time
}

// text words the counts at now: "houses 3/10, 120 questions, 4.5 q/s,
// ETA 1m20s" (no ETA before the first house is done).
func (c progressCounts) text(now time.Time) string {
	el := now.Sub(c.start)
	rate := 0.0
	if s := el.Seconds(); s > 0 {
		rate = float64(c.questions) / s
	}
	s := fmt.Sprintf("houses %d/%d, %d questions, %.1f q/s", c.done, c.houses, c.questions, rate)
	if c.done > 0 && c.done < c.houses {
		eta := time.Duration(float64(el) / float64(c.done) * float64(c.houses-c.done))
		s += ", ETA " + eta.Round(time.Second).String()
	}
	return s
}

// progressLines writes a line every `every` (checked at each event) and one
// at the end.
type progressLines struct {
	mu     sync.Mutex
	counts progressCounts
	w      io.Writer
	every  time.Duration
	last   time.Time
	now    func() time.Time // nil: time.Now (tests set a clock)
}

func (p *progressLines) clock() time.Time {
	if p.now != nil {
		return p.now()
	}
	return time.Now()
}

func (p *progressLines) tick() {
	if now := p.clock(); now.Sub(p.last) >= p.every {
		if p.last.IsZero() && now.Sub(p.counts.start) < p.every {
			return // no line before the first interval has passed
		}
		p.last = now
		fmt.Fprintln(p.w, "progress: "+p.counts.text(now))
	}
}

// Question counts one written question.
func (p *progressLines) Question() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.counts.questions++
	p.tick()
}

// House counts one finished house.
func (p *progressLines) House() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.counts.done++
	p.tick()
}

// Finish writes the last line.
func (p *progressLines) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintln(p.w, "progress: "+p.counts.text(p.clock()))
}

// progressBar is the terminal form: a redrawing bar over the houses, with
// questions, questions per second and the ETA in its description.
type progressBar struct {
	w      io.Writer
	mu     sync.Mutex
	bar    *progressbar.ProgressBar
	counts progressCounts
	last   time.Time
}

// newProgressBar starts a bar over houses.
func newProgressBar(w io.Writer, houses int) *progressBar {
	p := &progressBar{w: w, counts: progressCounts{houses: houses, start: time.Now()}}
	p.bar = progressbar.NewOptions(houses,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("houses"),
		progressbar.OptionSetPredictTime(false), // its guess says 0 s before the first house; ours waits for one
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
	p.counts.questions++
	if time.Since(p.last) > 250*time.Millisecond {
		p.describe()
		p.bar.Add(0)
	}
}

// House counts one finished house.
func (p *progressBar) House() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.counts.done++
	p.describe()
	p.bar.Add(1)
}

func (p *progressBar) describe() {
	p.last = time.Now()
	p.bar.Describe(p.counts.text(p.last))
}

// Finish ends the bar.
func (p *progressBar) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.describe()
	p.bar.Finish()
	fmt.Fprintln(p.w)
}
