package storage

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestIsURL(t *testing.T) {
	for s, want := range map[string]bool{
		"s3://b/p": true, "file:///tmp/x": true, "gs://b": true, "ftp://h/x": true,
		"/tmp/out": false, "out": false, "./s3:/x": false, "C:\\data": false, "": false, "s3:/b": false,
	} {
		if got := IsURL(s); got != want {
			t.Errorf("IsURL(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestParseLocation(t *testing.T) {
	for _, tc := range []struct {
		url                  string
		scheme, open, prefix string
	}{
		{"s3://bucket", "s3", "s3://bucket", ""},
		{"s3://bucket/", "s3", "s3://bucket", ""},
		{"s3://bucket/runs/a/?region=eu-west-1", "s3", "s3://bucket?region=eu-west-1", "runs/a/"},
		{"gs://bkt/x", "gs", "gs://bkt", "x/"},
		{"azblob://container/ds/train?domain=blob.core.windows.net", "azblob", "azblob://container?domain=blob.core.windows.net", "ds/train/"},
		{"S3://Bucket/p", "s3", "s3://Bucket", "p/"},
		{"file:///tmp/out/", "file", "file:///tmp/out?create_dir=true&metadata=skip&no_tmp_dir=true", ""},
		{"file:///tmp/out?metadata=", "file", "file:///tmp/out?create_dir=true&metadata=&no_tmp_dir=true", ""},
	} {
		loc, err := ParseLocation(tc.url)
		if err != nil {
			t.Errorf("ParseLocation(%q): %v", tc.url, err)
			continue
		}
		if loc.Scheme != tc.scheme || loc.OpenURL != tc.open || loc.Prefix != tc.prefix || loc.URL != tc.url {
			t.Errorf("ParseLocation(%q) = %+v, want scheme %s, open %s, prefix %q", tc.url, loc, tc.scheme, tc.open, tc.prefix)
		}
	}
}

func TestParseLocationErrors(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"ftp://host/dir", `unknown scheme "ftp"`},
		{"http://host/dir", `unknown scheme "http"`},
		{"s3://bucket/%zz", "invalid URL escape"},
		{"s3://bu cket/x", "invalid character"},
		{"s3:///prefix", "no bucket name"},
		{"gs://", "no bucket name"},
		{"s3://b/a/../c", `".."`},
		{"s3://b/a//c", "empty"},
		{"s3://b/_staging/x", "staging folder"},
		{"s3://key:secret@b/x", "credentials in the URL"},
		{"s3://b/x#frag", "fragment"},
		{"s3://b/x?prefix=y", "URL path"},
		{"file://host/tmp/x", "host"},
		{"file://localhost/tmp/x", `host "localhost" is not allowed`},
		{"file://LOCALHOST/tmp/x", "is not allowed"},
		{"file://", "no directory"},
		{"/plain/path", "not a URL"},
	} {
		_, err := ParseLocation(tc.url)
		if err == nil || !errors.Is(err, ErrBadURL) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.url) {
			t.Errorf("ParseLocation(%q) = %v, want ErrBadURL naming the URL and saying %q", tc.url, err, tc.want)
		}
		if _, oerr := Open(context.Background(), tc.url); !errors.Is(oerr, ErrBadURL) {
			t.Errorf("Open(%q) = %v, want ErrBadURL", tc.url, oerr)
		}
	}
}

// TestCloudOpenErrorsNameURL: gs:// and azblob:// without credentials (none
// are reachable here) fail with an error naming the URL, not a bad-URL one.
func TestCloudOpenErrorsNameURL(t *testing.T) {
	t.Setenv("GOOGLE_APPLICATION_CREDENTIALS", "/nonexistent/credentials.json")
	t.Setenv("AZURE_STORAGE_ACCOUNT", "")
	t.Setenv("AZURE_STORAGE_KEY", "")
	// No network call is needed to fail; the timeout only bounds a
	// machine where the endpoint is reachable.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, url := range []string{"gs://flowbench-bucket/ds", "azblob://container/ds"} {
		o, err := Open(ctx, url)
		if err == nil {
			o.Close()
			t.Errorf("Open(%s) succeeded without credentials", url)
			continue
		}
		if errors.Is(err, ErrBadURL) || !strings.Contains(err.Error(), url) {
			t.Errorf("Open(%s) = %v, want an open error naming the URL", url, err)
		}
		t.Logf("%s: %v", url, err)
	}
}

func TestIsTempName(t *testing.T) {
	for name, want := range map[string]bool{
		"questions-00001.parquet.partial": true, ".manifest.json.tmp-123": true, ".README.md.tmp-x": true,
		".write-probe-42": true, "x.parquet.1a2b.tmp": true,
		"questions-00001.parquet": false, "manifest.json": false, "README.md": false, ".staging": false,
	} {
		if got := IsTempName(name); got != want {
			t.Errorf("IsTempName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestLocalPathRefusesEscapes(t *testing.T) {
	for _, rel := range []string{"../x", "a/../../x", "/etc/passwd", "a//b", "./a", "", "a\\b"} {
		if _, err := localPath("/work", rel); err == nil {
			t.Errorf("localPath(%q) accepted", rel)
		}
	}
	if p, err := localPath("/work", "data/train/x.parquet"); err != nil || p != "/work/data/train/x.parquet" {
		t.Errorf("localPath = %q, %v", p, err)
	}
}
