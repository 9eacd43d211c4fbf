package export

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateViewpointRefusesFooterStatistic changes one byte of the id
// column's footer statistic in a viewpoint questions shard and in a views
// shard, which the viewpoint validation accepted before it re-encoded
// shards, and checks that ValidateViewpoint refuses each, naming the shard
// and the statistic.
func TestValidateViewpointRefusesFooterStatistic(t *testing.T) {
	qs, vs := viewpointRows(t)
	base := t.TempDir()
	writeViewpoint(t, base, qs, vs)
	if _, err := ValidateViewpoint(base); err != nil {
		t.Fatalf("the unedited dataset: %v", err)
	}
	for _, c := range []struct{ shard, id string }{
		{"viewpoint_questions/test-00000-of-00002.parquet", qs[0][0].ID},
		{"viewpoint_views/test-00001-of-00002.parquet", vs[len(vs)-1][0].ID},
	} {
		t.Run(c.shard, func(t *testing.T) {
			dir := copyDir(t, base)
			path := filepath.Join(dir, "data", c.shard)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, flipInFooter(t, b, c.id, len(c.id)-1, 'x'), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err = ValidateViewpoint(dir)
			var ve *ValidationError
			if !errors.As(err, &ve) || ve.Shard != path || !strings.Contains(ve.Reason, "(column id).meta_data.statistics") {
				t.Fatalf("ValidateViewpoint: %v, want an error for %s naming the id statistic", err, path)
			}
		})
	}
}
