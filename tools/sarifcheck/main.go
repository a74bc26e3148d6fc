// Command sarifcheck validates SARIF logs against the SARIF 2.1.0 JSON
// schema:
//
//	sarifcheck [-schema FILE] LOG...
//
// It prints "LOG: valid" for each log that validates and the schema's
// errors for each that does not, and exits 0 when every log is valid, 1
// when one is not, and 2 when it could not check (a bad argument, a log
// that is not JSON, no schema).
//
// The schema is OASIS's SARIF 2.1.0 schema, errata 01 (JSON Schema
// draft-04), the one GitHub code scanning documents. This repository does
// not keep a copy: the Go module github.com/securego/gosec/v2 ships it for
// its own tests, as report/sarif/testdata/sarif-schema-2.1.0.json, and
// sarifcheck takes it from that module at a fixed version through the go
// command (go mod download: the module cache, or else the Go module proxy,
// with the go command's checksum verification), then checks the file's
// SHA-256 before using it. -schema names another copy instead, checked
// by no hash.
//
// The validator is github.com/santhosh-tekuri/jsonschema/v6, with format
// assertions on (a "uri-reference" that does not parse as one is an
// error) and no loading of anything but the schema.
//
// statuslint's tests build it (integration/sarif_test.go) to validate the
// logs of internal/sarif; from a checkout:
//
//	cd tools/sarifcheck && go run . ../../statuslint.sarif
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

const (
	// schemaModule holds the schema, at schemaVersion, as schemaFile.
	schemaModule  = "github.com/securego/gosec/v2"
	schemaVersion = "v2.29.0"
	schemaFile    = "report/sarif/testdata/sarif-schema-2.1.0.json"
	// schemaSHA256 is the file's hash at that version.
	schemaSHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"
	// schemaID is the schema's own id, under which it is compiled.
	schemaID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sarifcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	schemaPath := fs.String("schema", "", "the SARIF 2.1.0 schema file to use (default: "+schemaFile+" of "+schemaModule+"@"+schemaVersion+")")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: sarifcheck [-schema FILE] LOG...\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	var data []byte
	var err error
	if *schemaPath != "" {
		data, err = os.ReadFile(*schemaPath)
	} else {
		data, err = moduleSchema()
	}
	if err != nil {
		fmt.Fprintf(stderr, "sarifcheck: %v\n", err)
		return 2
	}
	schema, err := compile(data)
	if err != nil {
		fmt.Fprintf(stderr, "sarifcheck: compiling the schema: %v\n", err)
		return 2
	}
	code := 0
	for _, name := range fs.Args() {
		switch err := validate(schema, name); {
		case err == nil:
			fmt.Fprintf(stdout, "%s: valid\n", name)
		case errors.As(err, new(*jsonschema.ValidationError)):
			fmt.Fprintf(stderr, "%s: not valid SARIF 2.1.0: %v\n", name, err)
			code = max(code, 1)
		default:
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			code = 2
		}
	}
	return code
}

// moduleSchema returns the schema file of schemaModule at schemaVersion,
// through the go command, after checking its hash.
func moduleSchema() ([]byte, error) {
	// Outside any module, so that no go.mod or go.work has a say.
	dir, err := os.MkdirTemp("", "sarifcheck-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command("go", "mod", "download", "-json", schemaModule+"@"+schemaVersion)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GO111MODULE=on")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var dl struct{ Dir, Error string }
	if err := json.Unmarshal(stdout.Bytes(), &dl); err != nil || runErr != nil || dl.Error != "" || dl.Dir == "" {
		return nil, fmt.Errorf("go mod download %s@%s: %v %s %s", schemaModule, schemaVersion, runErr, dl.Error, strings.TrimSpace(stderr.String()))
	}
	path := filepath.Join(dl.Dir, filepath.FromSlash(schemaFile))
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != schemaSHA256 {
		return nil, fmt.Errorf("%s of %s@%s has SHA-256 %s, want %s", schemaFile, schemaModule, schemaVersion, got, schemaSHA256)
	}
	return data, nil
}

// compile compiles the SARIF schema, asserting formats, loading nothing
// else.
func compile(data []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	c.UseLoader(noLoader{})
	if err := c.AddResource(schemaID, doc); err != nil {
		return nil, err
	}
	return c.Compile(schemaID)
}

// noLoader refuses to load a schema: the SARIF schema refers only to
// itself, and the draft-04 meta-schema is built into the validator.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("not loading %s: only the SARIF schema is used", url)
}

// validate validates the log in the file name.
func validate(schema *jsonschema.Schema, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	return schema.Validate(doc)
}
