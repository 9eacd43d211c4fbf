package storage

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// ErrBadURL marks an output URL that cannot be used: malformed, an unknown
// scheme, a missing bucket name, or a key prefix that is not a clean path.
var ErrBadURL = errors.New("bad output URL")

// Schemes are the URL schemes an output location may use.
var Schemes = []string{"s3", "gs", "azblob", "file"}

// urlPattern tells a URL ("scheme://...") from a local path.
var urlPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://`)

// IsURL reports whether out is a URL (scheme://...) rather than a local path.
func IsURL(out string) bool { return urlPattern.MatchString(out) }

// Location is a parsed output URL.
type Location struct {
	// URL is the URL as given.
	URL string
	// Scheme is one of Schemes.
	Scheme string
	// OpenURL is the URL handed to blob.OpenBucket: the bucket (or, for
	// file://, the directory) with the query parameters of the driver.
	OpenURL string
	// Prefix is the key prefix inside the bucket ("" or ending in "/").
	Prefix string
	// Dir is the local directory of a file:// URL ("" for the others).
	Dir string
}

// fileDefaults are the fileblob parameters a file:// URL gets unless it
// sets them: create the directory, keep no metadata side files, and write
// temp files next to their final names (a rename across file systems fails).
var fileDefaults = map[string]string{"create_dir": "true", "metadata": "skip", "no_tmp_dir": "true"}

// ParseLocation parses an output URL: s3://BUCKET/PREFIX?PARAMS,
// gs://BUCKET/PREFIX, azblob://CONTAINER/PREFIX?PARAMS, or file:///DIR. For
// file:// the whole path is the directory and the directory is created when
// missing; the driver is told to keep no metadata side files and to write
// its temp files next to their final names, so the directory holds exactly
// the dataset. Errors wrap ErrBadURL and name the URL.
func ParseLocation(raw string) (Location, error) {
	bad := func(format string, a ...any) (Location, error) {
		return Location{}, fmt.Errorf("%w %q: %s", ErrBadURL, raw, fmt.Sprintf(format, a...))
	}
	if !IsURL(raw) {
		return bad("not a URL (want one of %s://...)", strings.Join(Schemes, "://, "))
	}
	u, err := url.Parse(raw)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return bad("%v", err)
	}
	loc := Location{URL: raw, Scheme: strings.ToLower(u.Scheme)}
	if u.User != nil {
		return bad("credentials in the URL are not accepted; they come from the environment of the cloud SDK")
	}
	if u.Fragment != "" {
		return bad("a URL fragment (#%s) has no meaning here", u.Fragment)
	}
	q := u.Query()
	if q.Has("prefix") || q.Has("key") {
		return bad("put the key prefix in the URL path, not in a prefix= or key= parameter")
	}
	switch loc.Scheme {
	case "s3", "gs", "azblob":
		if u.Host == "" {
			return bad("no bucket name (want %s://BUCKET/PREFIX)", loc.Scheme)
		}
		prefix, err := cleanPrefix(u.Path)
		if err != nil {
			return bad("%v", err)
		}
		loc.Prefix = prefix
		open := url.URL{Scheme: loc.Scheme, Host: u.Host, RawQuery: u.RawQuery}
		loc.OpenURL = open.String()
	case "file":
		if u.Host != "" {
			// RFC 8089 allows "localhost", but one spelling keeps the URL
			// and the directory it names one-to-one (docs/storage.md).
			return bad("file URLs name a local directory: file:///DIR (host %q is not allowed, not even localhost)", u.Host)
		}
		if u.Path == "" || u.Path == "/" {
			return bad("no directory (want file:///DIR)")
		}
		for p, v := range fileDefaults {
			if !q.Has(p) {
				q.Set(p, v)
			}
		}
		loc.Dir = filepath.FromSlash(path.Clean(u.Path))
		open := url.URL{Scheme: "file", Path: path.Clean(u.Path), RawQuery: q.Encode()}
		loc.OpenURL = open.String()
	default:
		return bad("unknown scheme %q (want one of %s)", u.Scheme, strings.Join(Schemes, ", "))
	}
	return loc, nil
}

// cleanPrefix turns a URL path into a key prefix: "" for the bucket's root,
// else the path without its leading slash and with one trailing slash. A
// path with empty, "." or ".." segments is refused.
func cleanPrefix(p string) (string, error) {
	p = strings.TrimPrefix(p, "/")
	p = strings.TrimSuffix(p, "/")
	if p == "" {
		return "", nil
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", fmt.Errorf("the key prefix %q has an empty, \".\" or \"..\" segment", p)
		}
	}
	if p == stagingDir || strings.HasPrefix(p+"/", stagingDir+"/") {
		return "", fmt.Errorf("the key prefix %q lies in a staging folder", p)
	}
	return p + "/", nil
}
