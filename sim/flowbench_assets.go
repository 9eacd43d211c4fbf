package sim

import "strings"

// FlowbenchOnlyAsset reports whether an asset id is one of flowbench's own
// (prefix "flowbench_"): a fixture AI2-THOR has no asset for, which only a
// backend that builds objects from flowbench's models can create.
func FlowbenchOnlyAsset(id string) bool { return strings.HasPrefix(id, "flowbench_") }
