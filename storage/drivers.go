package storage

// The gocloud drivers of the schemes in Schemes register themselves with
// blob.OpenBucket. Credentials come from each SDK's usual environment.
import (
	_ "gocloud.dev/blob/azureblob" // azblob://
	_ "gocloud.dev/blob/fileblob"  // file://
	_ "gocloud.dev/blob/gcsblob"   // gs://
	_ "gocloud.dev/blob/s3blob"    // s3://
)
