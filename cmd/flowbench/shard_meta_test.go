package main

import "flowbench/export"

// stagedMeta is the footer metadata of a shard, as the tests compare it.
type stagedMeta struct {
	rows            int
	firstID, lastID string
	fingerprint     string
}

// readStagedMeta reads a shard's footer metadata (export.ReadShardInfo).
func readStagedMeta(path string) (stagedMeta, error) {
	info, err := export.ReadShardInfo(path)
	if err != nil {
		return stagedMeta{}, err
	}
	return stagedMeta{rows: info.Rows, firstID: info.FirstID, lastID: info.LastID, fingerprint: info.Fingerprint}, nil
}
