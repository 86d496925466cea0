package store

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A password given as a query parameter never reaches an error's text,
// whatever the driver finds wrong with the rest of the URL: pgx quotes
// the URL it cannot use, hiding a user:password@ password but not a
// ?password= one (Location.Hide). Found by an outside review: with
// sslmode=bogus the error showed the password.
func TestOpenErrorNeverShowsAQueryPassword(t *testing.T) {
	for _, raw := range []string{
		"postgres://127.0.0.1:1/db?password=s3cretQ&sslmode=verify-full&sslrootcert=/nonexistent/ca.pem",
		"postgres://bot:s3cretQ@127.0.0.1:1/db?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem",
		"postgres://127.0.0.1:1/db?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem&password=s3cret%51",
	} {
		loc, err := ParseURL(raw)
		if err != nil {
			t.Fatalf("ParseURL(%q): %v", raw, err)
		}
		if strings.Contains(loc.String(), "s3cret") {
			t.Fatalf("Location.String shows the password: %s", loc)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		s, err := Open(ctx, loc, Options{})
		cancel()
		if s != nil {
			s.Close()
		}
		if err == nil {
			t.Fatalf("Open(%q) succeeded", raw)
		}
		if !strings.Contains(err.Error(), "nonexistent") {
			t.Fatalf("Open's error does not say what is wrong: %v", err)
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("Open's error shows the password:\n%v", err)
		}
	}
}
