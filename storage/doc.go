// Package storage lets a dataset run write to object storage: an --out
// location is a plain local path or a URL (s3://, gs://, azblob://, file://)
// opened through gocloud.dev/blob. Generation always writes into a local
// work directory; a mirror uploads each completed local file to a staging
// key under <prefix>/_staging/<run-id>/ and copies it from there to its final
// key (copy-then-delete), so no object under a final name is ever partial.
// The files named last (the manifest and the card) are uploaded after
// everything else, so their presence in the bucket means the run is
// complete. docs/storage.md describes the URL forms and the resume rules.
package storage
