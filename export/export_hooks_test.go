package export

import "math/rand/v2"

// SynthRowsForTest gives the external tests (package export_test) the
// synthetic row k of w×h images (synthRows).
func SynthRowsForTest(k, w, h int) (QuestionRow, AnnotationRow) {
	return synthRows(rand.New(rand.NewPCG(1, uint64(k))), k, w, h)
}
