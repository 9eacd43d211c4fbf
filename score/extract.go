package score

import (
	"regexp"
	"strings"
)

// Extract reads the answer letters from the end of a model reply and reports
// whether the reply was readable. The rules, in order (the first that
// succeeds wins):
//
//  1. reasoning inside <think>…</think> is dropped;
//  2. the last \boxed{…} whose content is a letter set;
//  3. the last "answer" marker ("Answer:", "The final answer is",
//     "correct option:", …) followed by a letter set;
//  4. the last non-empty line when it starts with a letter set ("B",
//     "(B) yes", "A, B and D", "{A,B,D}", "ABD.");
//  5. a letter set in upper case (or a bracketed lower-case letter) that
//     ends the last line ("…so the answer must be C.").
//
// Markdown emphasis, code ticks, headings and \text{} are removed first;
// letters A–F are read in either case, but a lower-case letter only on its
// own ("b", not "bad"), and a bare lower-case letter followed by a word ("a
// chair") is not an answer. Sets may be written "ABD", "A, B and D",
// "A/B/D", "{A,B,D}" or "(A) (B) (D)"; "A or B" is unreadable.
func Extract(reply string) (Letters, bool) {
	s := reply
	if i := strings.LastIndex(s, "</think>"); i >= 0 {
		s = s[i+len("</think>"):]
	} else if strings.Contains(s, "<think>") {
		return 0, false // the reply never left its reasoning
	}
	if ms := boxedRe.FindAllStringSubmatch(s, -1); len(ms) > 0 {
		for i := len(ms) - 1; i >= 0; i-- {
			if l, ok := readSet(clean(ms[i][1]), false); ok {
				return l, true
			}
		}
	}
	s = clean(s)
	locs := markerRe.FindAllStringIndex(s, -1)
	for i := len(locs) - 1; i >= 0; i-- {
		if l, ok := readSet(s[locs[i][1]:], true); ok {
			return l, true
		}
	}
	last := lastLine(s)
	if l, ok := readSet(last, false); ok {
		return l, true
	}
	if m := trailingRe.FindStringSubmatchIndex(last); m != nil {
		if orBefore.MatchString(last[:m[0]+1]) {
			return 0, false
		}
		var set string
		if m[2] >= 0 {
			set = last[m[2]:m[3]]
		} else {
			set = last[m[4]:m[5]]
		}
		return readSet(set, false)
	}
	return 0, false
}

var (
	boxedRe  = regexp.MustCompile(`\\boxed\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}`)
	textRe   = regexp.MustCompile(`\\(?:text|textbf|mathrm)\{([^{}]*)\}`)
	markerRe = regexp.MustCompile(`(?i)(?:\b(?:final\s+|correct\s+|right\s+|best\s+)?answers?\b|\b(?:final|correct|right|best)\s+(?:option|choice)s?\b)(?:\s+(?:is|are|would\s+be|will\s+be|should\s+be|must\s+be))?\s*[:：=\-]?\s*`)
	// trailingRe matches a letter set that ends a line: group 1 upper-case
	// letters, group 2 one bracketed letter of either case.
	trailingRe = regexp.MustCompile(`(?:^|[\s:"'])([A-F](?:\s*(?:,|/|&|\band\b)?\s*[A-F])*)\s*[)\]}"']?\s*[.!]?\s*$|\(([A-Fa-f])\)\s*[.!]?\s*$`)
	orBefore   = regexp.MustCompile(`(?i)\bor\s*[("'\[{]?\s*$`)
)

// clean removes markdown and LaTeX decoration that may wrap an answer.
func clean(s string) string {
	s = textRe.ReplaceAllString(s, "$1")
	s = strings.NewReplacer("**", "", "__", "", "*", "", "`", "", "$", "", "#", "", "\r", "").Replace(s)
	return s
}

// lastLine returns the last line with non-space content, trimmed.
func lastLine(s string) string {
	lines := strings.Split(s, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if t := strings.TrimSpace(lines[i]); t != "" {
			return strings.TrimLeft(t, "> ")
		}
	}
	return ""
}

// readSet reads a letter set at the start of s (after spaces, quotes and
// opening brackets). The set must end at the end of the line, at
// punctuation or at a closing bracket; with lenient set, an upper-case set
// may also be followed by words ("B because …").
func readSet(s string, lenient bool) (Letters, bool) {
	i := skip(s, 0, " \t\"'([{")
	var set Letters
	n := 0
	lastUpper := false
	for {
		tok, j, upper := letterToken(s, i)
		if tok == 0 {
			if n == 0 {
				return 0, false
			}
			// a separator not followed by a letter: "B, because …"
			return set, lenient && lastUpper
		}
		set |= tok
		n++
		lastUpper = upper
		i = j
		k := skip(s, i, " \t")
		if k == len(s) || s[k] == '\n' {
			return set, true
		}
		closed := skip(s, k, ")]}\"'")
		after := skip(s, closed, " \t")
		if sep, ok := separator(s, after); ok {
			if sep == "or" {
				return 0, false
			}
			i = skip(s, after+len(sep), " \t\"'([{")
			continue
		}
		if closed > k {
			if t, _, _ := letterToken(s, skip(s, after, "([{")); t != 0 && after > closed {
				i = skip(s, after, "([{")
				continue // "(A) (B) (D)"
			}
			return set, true
		}
		if strings.IndexByte(".!:;-", s[k]) >= 0 || strings.HasPrefix(s[k:], "—") || strings.HasPrefix(s[k:], "–") {
			return set, true
		}
		if t, _, _ := letterToken(s, k); t != 0 && k > i {
			i = k
			continue // "A B D"
		}
		if orWord(s, k) {
			return 0, false
		}
		return set, lenient && lastUpper
	}
}

// separator reads a list separator at s[i:]: "," "/" "&" "+" "and" "or".
func separator(s string, i int) (string, bool) {
	if i >= len(s) {
		return "", false
	}
	switch s[i] {
	case ',', '/', '&', '+':
		return s[i : i+1], true
	}
	for _, w := range []string{"and", "or"} {
		if len(s) >= i+len(w)+1 && strings.EqualFold(s[i:i+len(w)], w) && !isWordByte(s[i+len(w)]) {
			return w, true
		}
	}
	return "", false
}

func orWord(s string, i int) bool {
	sep, ok := separator(s, i)
	return ok && sep == "or"
}

// letterToken reads a letter or an upper-case letter run at s[i:]; the
// token must not continue into a longer word.
func letterToken(s string, i int) (Letters, int, bool) {
	if i >= len(s) {
		return 0, i, false
	}
	c := s[i]
	switch {
	case c >= 'A' && c <= 'F':
		j := i
		var l Letters
		for j < len(s) && s[j] >= 'A' && s[j] <= 'F' && j-i < MaxChoices {
			l |= 1 << (s[j] - 'A')
			j++
		}
		if j < len(s) && isWordByte(s[j]) {
			return 0, i, false
		}
		return l, j, true
	case c >= 'a' && c <= 'f':
		if i+1 < len(s) && isWordByte(s[i+1]) {
			return 0, i, false
		}
		return 1 << (c - 'a'), i + 1, false
	}
	return 0, i, false
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func skip(s string, i int, set string) int {
	for i < len(s) && strings.IndexByte(set, s[i]) >= 0 {
		i++
	}
	return i
}
