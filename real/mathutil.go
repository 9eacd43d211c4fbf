package real

import (
	"math"
	"strings"
)

func sqrt(x float64) float64 { return math.Sqrt(x) }

func lowerTrim(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
