package rlds

import (
	"fmt"
	"strings"

	"flowbench/real"
)

// SourceNames lists the sources with a layout, in a fixed order.
var SourceNames = []string{real.BridgeV2, real.DROID, real.LanguageTable, real.RT1, real.BerkeleyUR5}

// datasetNames maps the TFDS dataset names the OXE release and the
// sources' own releases use (dataset_info.json's "name") to a source.
var datasetNames = map[string]string{
	"bridge":               real.BridgeV2,
	"bridge_dataset":       real.BridgeV2,
	"bridge_orig":          real.BridgeV2,
	"bridge_v2":            real.BridgeV2,
	"droid":                real.DROID,
	"droid_100":            real.DROID,
	"droid_101":            real.DROID,
	"language_table":       real.LanguageTable,
	"fractal20220817_data": real.RT1,
	"rt1":                  real.RT1,
	"berkeley_autolab_ur5": real.BerkeleyUR5,
	"berkeley_ur5":         real.BerkeleyUR5,
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
