package rlds

// lookup returns the feature named name if it holds the list kind, or a
// *FeatureError naming the feature and what was found.
func (ex *Example) lookup(name string, kind Kind) (*Feature, error) {
	f, ok := ex.Features[name]
	if !ok {
		return nil, &FeatureError{Feature: name, Want: kind.String(), Found: "missing"}
	}
	if f.Kind != kind {
		return nil, &FeatureError{Feature: name, Want: kind.String(), Found: f.Kind.String()}
	}
	return f, nil
}

// Has reports whether the Example holds a feature named name.
func (ex *Example) Has(name string) bool {
	_, ok := ex.Features[name]
	return ok
}

// Bytes returns the values of the bytes_list feature name, or a
// *FeatureError when it is missing or holds another list.
func (ex *Example) Bytes(name string) ([][]byte, error) {
	f, err := ex.lookup(name, KindBytes)
	if err != nil {
		return nil, err
	}
	return f.Bytes, nil
}

// Floats returns the values of the float_list feature name, or a
// *FeatureError when it is missing or holds another list.
func (ex *Example) Floats(name string) ([]float32, error) {
	f, err := ex.lookup(name, KindFloat)
	if err != nil {
		return nil, err
	}
	return f.Floats, nil
}

// Int64s returns the values of the int64_list feature name, or a
// *FeatureError when it is missing or holds another list.
func (ex *Example) Int64s(name string) ([]int64, error) {
	f, err := ex.lookup(name, KindInt64)
	if err != nil {
		return nil, err
	}
	return f.Int64s, nil
}
