package assets

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// parseProperties reads a Java .properties file: ISO-8859-1 bytes (valid
// UTF-8 is accepted too), '#' and '!' comments, '=' ':' or blank separators,
// '\' line continuations and \uXXXX escapes.
func parseProperties(data []byte) map[string]string {
	var text string
	if utf8.Valid(data) {
		text = string(data)
	} else { // Latin-1
		r := make([]rune, len(data))
		for i, b := range data {
			r[i] = rune(b)
		}
		text = string(r)
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	out := make(map[string]string)
	for i := 0; i < len(lines); i++ {
		line := strings.TrimLeft(lines[i], " \t\f")
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		// Join continuation lines (an odd number of trailing backslashes)
		// into one builder: linear in the total length, however many lines.
		if endsWithContinuation(line) {
			var joined strings.Builder
			for endsWithContinuation(line) && i+1 < len(lines) {
				joined.WriteString(line[:len(line)-1])
				i++
				line = strings.TrimLeft(lines[i], " \t\f")
			}
			if endsWithContinuation(line) {
				line = line[:len(line)-1]
			}
			joined.WriteString(line)
			line = joined.String()
		}
		// Split key and value at the first unescaped separator.
		k := 0
		for k < len(line) {
			c := line[k]
			if c == '\\' {
				k += 2
				continue
			}
			if c == '=' || c == ':' || c == ' ' || c == '\t' || c == '\f' {
				break
			}
			k++
		}
		if k > len(line) {
			k = len(line)
		}
		key := line[:k]
		rest := strings.TrimLeft(line[k:], " \t\f")
		if rest != "" && (rest[0] == '=' || rest[0] == ':') {
			rest = strings.TrimLeft(rest[1:], " \t\f")
		}
		out[unescapeProp(key)] = unescapeProp(rest)
	}
	return out
}

func endsWithContinuation(s string) bool {
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

func unescapeProp(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'f':
			b.WriteByte('\f')
		case 'u':
			if i+4 < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+5], 16, 32); err == nil {
					b.WriteRune(rune(v))
					i += 4
					continue
				}
			}
			b.WriteByte('u')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
