package main

import (
	"errors"
	"flag"
	"io"
	"strconv"
	"strings"

	"github.com/statuslint/statuslint/analyzer"
)

// exitBadFlag is the exit code of a command line checkFlags rejects: the
// standalone driver's for a bad command line (and flag.ExitOnError's,
// multichecker's before).
const exitBadFlag = 2

// checkFlags parses the command line, before the driver that runs does,
// into a configuration of its own (not analyzer.Default), so that a bad
// flag is reported in one line: x/tools' multichecker, which runs the vet
// and fix tool protocols, parses flag.CommandLine with ExitOnError and
// prints every flag after the error, once per package under go vet. The
// values are checked by the flags themselves (internal/flagvalue) and by
// analyzer.Config.Validate.
//
// In standalone runs (standalone), a flag it does not know is left to the
// driver, whose flags may outgrow the list here; the others it checks all
// the same. Otherwise it knows every flag multichecker defines (vetFlags),
// so an unknown one is an error here. -help is left to the driver.
func checkFlags(args []string, standalone bool) error {
	cfg := new(analyzer.Config)
	analyzers, err := analyzer.New(cfg)
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("statuslint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	for _, a := range analyzers {
		fs.Var(new(enable), a.Name, "")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, "")
		})
	}
	vetFlags(fs)
	if standalone {
		// The driver's own flag that takes a value, so that the flags
		// after "-format sarif" are checked too; the driver checks its
		// value.
		fs.String("format", "", "")
	}
	for {
		err := fs.Parse(args)
		switch {
		case err == nil:
			return cfg.Validate()
		case errors.Is(err, flag.ErrHelp):
			return nil
		case standalone && strings.HasPrefix(err.Error(), "flag provided but not defined: "):
			// The driver's; what follows it is checked still.
			args = fs.Args()
			continue
		}
		return err
	}
}

// vetFlags defines in fs the flags besides the analyzers' that
// multichecker defines in x/tools v0.47.0 (go/analysis/internal/analysisflags
// and internal/checker's RegisterFlags), with their types, which the vet
// and fix tool protocols pass: the command's -flags output lists them for
// go vet, and integration/settings_test.go checks that every flag listed
// there passes here. analysisflags' legacy vet aliases (-bool, -printfuncs,
// ...) name analyzers statuslint does not have, so it defines none.
func vetFlags(fs *flag.FlagSet) {
	fs.Bool("flags", false, "")
	fs.Var(anyValue{}, "V", "") // -V=full: multichecker's to answer
	fs.Bool("json", false, "")
	fs.Int("c", -1, "")
	fs.Bool("fix", false, "")
	fs.Bool("diff", false, "")
	fs.Bool("source", false, "")
	fs.Bool("v", false, "")
	fs.Bool("all", false, "")
	fs.String("tags", "", "")
	fs.String("debug", "", "")
	fs.String("cpuprofile", "", "")
	fs.String("memprofile", "", "")
	fs.String("trace", "", "")
	fs.Bool("test", true, "")
}

// enable is an analyzer's -NAME flag: a boolean, as multichecker's.
type enable bool

func (e *enable) String() string { return strconv.FormatBool(bool(*e)) }
func (e *enable) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	*e = enable(b)
	return nil
}
func (*enable) IsBoolFlag() bool { return true }

// anyValue takes any value, as a boolean flag: for -V, whose values the
// driver checks.
type anyValue struct{}

func (anyValue) String() string   { return "" }
func (anyValue) Set(string) error { return nil }
func (anyValue) IsBoolFlag() bool { return true }
