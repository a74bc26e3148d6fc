// Package multierror is a stub of github.com/hashicorp/go-multierror.
package multierror

// Error is a list of errors.
type Error struct {
	Errors []error
}

func (e *Error) Error() string { return "errors" }

// ErrorOrNil returns e, or nil when it holds no error.
func (e *Error) ErrorOrNil() error {
	if e == nil || len(e.Errors) == 0 {
		return nil
	}
	return e
}

// Append adds the non-nil errors of errs to err.
func Append(err error, errs ...error) *Error {
	e, _ := err.(*Error)
	if e == nil {
		e = &Error{}
		if err != nil {
			e.Errors = append(e.Errors, err)
		}
	}
	for _, x := range errs {
		if x != nil {
			e.Errors = append(e.Errors, x)
		}
	}
	return e
}
