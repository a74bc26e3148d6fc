// Package optsconfig builds a manager's options from a configuration file,
// as the config packages of kubebuilder operators do (config.Load): it
// imports only the root package of controller-runtime. Its facts say, for
// each exported function that returns the options or is handed a pointer
// to them, whether they name a field manager for the manager's client.
package optsconfig

import (
	"errors"

	"k8s.io/client-go/rest"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Load never sets Client, NewClient or ClientBuilder, on any path: its
// options name no field manager, also through the helpers it hands their
// address to.
func Load(path string) (ctrl.Options, error) { // want Load:`^manager options: result 0 names none$`
	options := ctrl.Options{LeaderElection: true}
	if path == "" {
		return options, errors.New("no configuration")
	}
	addTo(&options, path)
	return options, nil
}

func addTo(o *ctrl.Options, path string) {
	addLeaderElectionTo(o)
	if o.HealthProbeBindAddress == "" {
		o.HealthProbeBindAddress = path
	}
}

func addLeaderElectionTo(o *ctrl.Options) {
	if !o.LeaderElection {
		o.LeaderElection = true
	}
}

// AddWebhookSettingsTo sets other options than the client's.
func AddWebhookSettingsTo(o *ctrl.Options, addr string) { // want AddWebhookSettingsTo:`^manager options: param 0 names none$`
	o.HealthProbeBindAddress = addr
}

// LoadOwned names a field manager.
func LoadOwned() ctrl.Options { // want LoadOwned:`^manager options: result 0 names a field manager$`
	return ctrl.Options{Client: client.Options{FieldOwner: "widget-controller"}}
}

// SetOwner names a field manager in options it is handed.
func SetOwner(o *ctrl.Options) { // want SetOwner:`^manager options: param 0 names a field manager$`
	o.Client.FieldOwner = "widget-controller"
}

// LoadCustom sets a NewClient, which may wrap its client: no fact.
func LoadCustom() ctrl.Options {
	return ctrl.Options{NewClient: func(cfg *rest.Config, o client.Options) (client.Client, error) {
		c, err := client.New(cfg, o)
		return client.WithFieldOwner(c, "widget-controller"), err
	}}
}

// SetNewClient sets a NewClient in options it is handed: no fact.
func SetNewClient(o *ctrl.Options, f client.NewClientFunc) {
	o.NewClient = f
}

// LoadEither names a field manager on one path only: no fact.
func LoadEither(owned bool) ctrl.Options {
	if owned {
		return LoadOwned()
	}
	return ctrl.Options{}
}

// LoadFrom returns options it is handed: no fact (decided by the caller's
// options, which this package cannot see).
func LoadFrom(o ctrl.Options) ctrl.Options {
	return o
}

var kept *ctrl.Options

// Keep keeps the address of the options, which may change later: no fact.
func Keep(o *ctrl.Options) {
	kept = o
}

// Settings holds the options with other settings: no fact (a struct
// holding options is not followed).
type Settings struct {
	Options ctrl.Options
	Name    string
}

func LoadSettings() Settings {
	return Settings{Options: ctrl.Options{}, Name: "widget"}
}

// Loader loads options through a method.
type Loader struct{ Path string }

func (l *Loader) Options() (ctrl.Options, error) { // want Options:`^manager options: result 0 names none$`
	return Load(l.Path)
}
