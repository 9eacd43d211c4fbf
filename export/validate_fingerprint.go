package export

import "fmt"

// checkFingerprints checks that every shard of a split, questions and
// annotations, carries the same flowbench.fingerprint (or none): a split
// is written by one configuration, and resume trusts the key to tell
// configurations apart. It is the one footer value that the re-encoding
// check takes from the file itself, so a shard whose fingerprint alone was
// changed is found here. Only footers are read.
func checkFingerprints(d *Dataset) error {
	for _, split := range d.Splits() {
		first, want, have := "", "", false
		for _, table := range []string{QuestionsTable, AnnotationsTable} {
			for _, p := range d.shards[split][table] {
				sf, err := openShard(p)
				if err != nil {
					return &ValidationError{Shard: p, Row: -1, Reason: err.Error()}
				}
				v := sf.pf.MetaData().KeyValueMetadata().FindValue(FingerprintKey)
				sf.Close()
				got, ok := "", v != nil
				if ok {
					got = *v
				}
				if first == "" {
					first, want, have = p, got, ok
					continue
				}
				if ok != have || got != want {
					return &ValidationError{Shard: p, Row: -1, Reason: fmt.Sprintf("footer key %s is %s, but %s has %s: the shards of a split come from one configuration",
						FingerprintKey, fingerprintText(got, ok), first, fingerprintText(want, have))}
				}
			}
		}
	}
	return nil
}

func fingerprintText(v string, ok bool) string {
	if !ok {
		return "absent"
	}
	return fmt.Sprintf("%q", v)
}
