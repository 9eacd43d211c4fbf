package pairfile

import "errors"

// asError reports whether err is an *Error, setting *pe.
func asError(err error, pe **Error) bool { return errors.As(err, pe) }
