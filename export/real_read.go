package export

// RealAnnotation returns the real_annotations row of the question with
// the given id, searching every split of the Real dataset in dir.
func RealAnnotation(dir, id string) (RealAnnotationRow, error) {
	shards, err := scanTableShards(dir, []string{RealAnnotationsTable})
	if err != nil {
		return RealAnnotationRow{}, err
	}
	return lookup(&Dataset{Dir: dir, shards: shards}, RealAnnotationsTable, id, decodeRealAnnotations)
}

// RealAnnotations iterates the real_annotations rows of a split in shard
// and row order, which is the order of the split's questions.
func RealAnnotations(dir, split string, fn func(*RealAnnotationRow) error) error {
	shards, err := scanTableShards(dir, []string{RealAnnotationsTable})
	if err != nil {
		return err
	}
	for r, err := range rowsOf(&Dataset{Dir: dir, shards: shards}, split, RealAnnotationsTable, decodeRealAnnotations) {
		if err != nil {
			return err
		}
		if err := fn(&r); err != nil {
			return err
		}
	}
	return nil
}
