package conflict_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/statuslint/statuslint/bench/conflict/driver"
)

// testWriter sends the harness's progress to the test log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func writeJSON(t *testing.T, path string, results []*driver.Result) {
	data, err := json.MarshalIndent(results, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
