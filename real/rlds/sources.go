package rlds

import (
	"fmt"
	"strings"
)

// Source names: the same strings as package real's source names.
const (
	BridgeV2      = "bridge_v2"
	DROID         = "droid"
	LanguageTable = "language_table"
	RT1           = "rt1"
	BerkeleyUR5   = "berkeley_ur5"
)

// SourceNames lists the sources with a layout, in a fixed order.
var SourceNames = []string{BridgeV2, DROID, LanguageTable, RT1, BerkeleyUR5}

// datasetNames maps the TFDS dataset names the OXE release and the
// sources' own releases use (dataset_info.json's "name") to a source.
var datasetNames = map[string]string{
	"bridge":               BridgeV2, // OXE release, 0.1.0
	"bridge_dataset":       BridgeV2, // Bridge V2's own RLDS release, 1.0.0
	"bridge_orig":          BridgeV2,
	"bridge_v2":            BridgeV2,
	"droid":                DROID,
	"droid_100":            DROID, // the 100-episode sample
	"droid_101":            DROID,
	"language_table":       LanguageTable,
	"fractal20220817_data": RT1,
	"rt1":                  RT1,
	"berkeley_autolab_ur5": BerkeleyUR5,
	"berkeley_ur5":         BerkeleyUR5,
}

// DetectSource returns the source of a TFDS dataset name (as
// dataset_info.json's "name" gives it, case-insensitive), or an error
// listing the names it knows.
func DetectSource(datasetName string) (string, error) {
	if s, ok := datasetNames[strings.ToLower(strings.TrimSpace(datasetName))]; ok {
		return s, nil
	}
	return "", fmt.Errorf("rlds: dataset %q is not a known source; name one of %s with Options.Source",
		datasetName, strings.Join(SourceNames, ", "))
}

// LookupLayout returns the layout of a source name.
func LookupLayout(source string) (Layout, error) {
	for _, l := range Layouts {
		if l.Source == source {
			return l, nil
		}
	}
	return Layout{}, fmt.Errorf("rlds: no layout for source %q (known: %s)", source, strings.Join(SourceNames, ", "))
}
