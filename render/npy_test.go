package render

import (
	"bytes"
	"math"
	"path/filepath"
	"reflect"
	"testing"
)

// TestNPYHeaderBytes compares with the exact bytes numpy's format 1.0 writer
// produces for a (2, 3) float32 array and a (5,) uint8 array (64-byte aligned).
func TestNPYHeaderBytes(t *testing.T) {
	pad := func(dict string) string {
		n := 10 + len(dict) + 1
		return dict + string(bytes.Repeat([]byte{' '}, (64-n%64)%64)) + "\n"
	}
	for _, tc := range []struct {
		descr string
		shape []int
		dict  string
	}{
		{"<f4", []int{2, 3}, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"},
		{"|u1", []int{5}, "{'descr': '|u1', 'fortran_order': False, 'shape': (5,), }"},
		{"<u2", []int{}, "{'descr': '<u2', 'fortran_order': False, 'shape': (), }"},
	} {
		body := pad(tc.dict)
		want := "\x93NUMPY\x01\x00" + string([]byte{byte(len(body)), 0}) + body
		got := string(NPYHeader(tc.descr, tc.shape))
		if got != want {
			t.Errorf("header for %s %v:\n got %q\nwant %q", tc.descr, tc.shape, got, want)
		}
		if len(got)%64 != 0 {
			t.Errorf("header length %d not a multiple of 64", len(got))
		}
	}
	// The literal numpy bytes for np.save of np.zeros((2,3), np.float32) (numpy < 1.25).
	lit := "\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" +
		"                                                          \n"
	if got := string(NPYHeader("<f4", []int{2, 3})); got != lit {
		t.Errorf("header %q, want numpy's %q", got, lit)
	}
}

// TestNPYRoundTrip writes and reads every supported dtype.
func TestNPYRoundTrip(t *testing.T) {
	cases := []struct {
		shape []int
		data  any
	}{
		{[]int{2, 3}, []float32{0, -1.5, float32(math.Pi), 1e-30, float32(math.Inf(1)), 7}},
		{[]int{3}, []float64{1, 2.5, -3}},
		{[]int{2, 2, 1}, []uint8{0, 1, 254, 255}},
		{[]int{4}, []uint16{0, 1, 65535, 300}},
		{[]int{1, 3}, []int32{-7, 0, math.MaxInt32}},
		{[]int{0, 4}, []float32{}},
	}
	dir := t.TempDir()
	for i, c := range cases {
		var buf bytes.Buffer
		if err := WriteNPY(&buf, c.shape, c.data); err != nil {
			t.Fatal(err)
		}
		if buf.Len()%64 != reflect.ValueOf(c.data).Len()*int(reflect.TypeOf(c.data).Elem().Size())%64 {
			t.Errorf("case %d: data does not start at a 64-byte boundary", i)
		}
		shape, data, err := ReadNPY(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(shape, c.shape) && !(len(shape) == 0 && len(c.shape) == 0) {
			t.Errorf("case %d: shape %v, want %v", i, shape, c.shape)
		}
		if !reflect.DeepEqual(data, c.data) {
			t.Errorf("case %d: data %v, want %v", i, data, c.data)
		}
		p := filepath.Join(dir, "a.npy")
		if err := WriteNPYFile(p, c.shape, c.data); err != nil {
			t.Fatal(err)
		}
		if _, d2, err := ReadNPYFile(p); err != nil || !reflect.DeepEqual(d2, c.data) {
			t.Errorf("case %d: file round trip %v, %v", i, d2, err)
		}
	}
}

// TestNPYErrors rejects mismatched shapes, unknown types and corrupt files.
func TestNPYErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteNPY(&buf, []int{2, 2}, []float32{1, 2, 3}); err == nil {
		t.Error("shape/data mismatch accepted")
	}
	if err := WriteNPY(&buf, []int{1}, []string{"x"}); err == nil {
		t.Error("[]string accepted")
	}
	if _, _, err := ReadNPY(bytes.NewReader([]byte("not numpy at all"))); err == nil {
		t.Error("bad magic accepted")
	}
	buf.Reset()
	if err := WriteNPY(&buf, []int{4}, []uint16{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	trunc := buf.Bytes()[:buf.Len()-3]
	if _, _, err := ReadNPY(bytes.NewReader(trunc)); err == nil {
		t.Error("truncated data accepted")
	}
	be := bytes.Replace(buf.Bytes(), []byte("<u2"), []byte(">u2"), 1)
	_, d, err := ReadNPY(bytes.NewReader(be))
	if err != nil || d.([]uint16)[0] != 256 {
		t.Errorf("big-endian read %v, %v", d, err)
	}
}
