package conflict_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/statuslint/statuslint/bench/conflict/driver"
)

func writeJSON(t *testing.T, path string, results []*driver.Result) {
	data, err := json.MarshalIndent(results, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
