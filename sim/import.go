package sim

// ImportOptions controls how a user's ProcTHOR house is loaded.
type ImportOptions struct {
	// AssetDBPath is an optional AI2-THOR asset-database.json giving sizes by assetId.
	AssetDBPath string
}

// ImportReport lists what an import had to work around.
type ImportReport struct {
	Warnings []string
}

// LoadHouseFile reads a ProcTHOR house JSON file and builds its Scene.
// (Placeholder: the import issue fills in asset-database lookup and the
// warning/error rule for unknown assets.)
func LoadHouseFile(path string, opts ImportOptions) (*Scene, *ImportReport, error) {
	h, err := ReadHouseFile(path)
	if err != nil {
		return nil, nil, err
	}
	s, err := NewScene(h)
	if err != nil {
		return nil, nil, err
	}
	return s, &ImportReport{}, nil
}
