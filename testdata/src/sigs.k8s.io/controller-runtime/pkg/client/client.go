package client

import (
	"net/http"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
)

// Options are creation options for a Client (v0.25 fields).
type Options struct {
	HTTPClient      *http.Client
	Scheme          *runtime.Scheme
	Mapper          meta.RESTMapper
	Cache           *CacheOptions
	DryRun          *bool
	FieldOwner      string
	FieldValidation string
	Log             logr.Logger
}

// CacheOptions are options for creating a cache-backed client.
type CacheOptions struct {
	Reader                          Reader
	DisableFor                      []Object
	Unstructured                    bool
	EnableReadYourWritesConsistency *bool
}

// NewClientFunc allows a user to define how to create a client.
type NewClientFunc func(config *rest.Config, options Options) (Client, error)

// New returns a new Client using the provided config and Options.
func New(config *rest.Config, options Options) (Client, error) { return nil, nil }

// WithFieldOwner wraps a Client and adds the fieldOwner as the field
// manager to all write requests from this client.
func WithFieldOwner(c Client, fieldOwner string) Client { return c }

// WithFieldValidation wraps a Client and configures field validation.
func WithFieldValidation(c Client, validation FieldValidation) Client { return c }

// SubResourceGetOptions holds all the possible configuration for a subresource Get request.
type SubResourceGetOptions struct {
	Raw *metav1.GetOptions
}

// ApplyToSubResourceGet updates the configuration to the given get options.
func (getOpt *SubResourceGetOptions) ApplyToSubResourceGet(o *SubResourceGetOptions) {}

// ApplyOptions applies the given options.
func (getOpt *SubResourceGetOptions) ApplyOptions(opts []SubResourceGetOption) *SubResourceGetOptions {
	return getOpt
}

// SubResourceUpdateOptions holds all the possible configuration for a subresource update request.
type SubResourceUpdateOptions struct {
	UpdateOptions
	SubResourceBody Object
}

// ApplyToSubResourceUpdate updates the configuration on the given create options.
func (uo *SubResourceUpdateOptions) ApplyToSubResourceUpdate(o *SubResourceUpdateOptions) {}

// ApplyOptions applies the given options.
func (uo *SubResourceUpdateOptions) ApplyOptions(opts []SubResourceUpdateOption) *SubResourceUpdateOptions {
	return uo
}

// SubResourceUpdateAndPatchOption is an option that can be used for either
// a subresource update or patch request.
type SubResourceUpdateAndPatchOption interface {
	SubResourceUpdateOption
	SubResourcePatchOption
}

// WithSubResourceBody returns an option that uses the given body for a subresource Update or Patch operation.
func WithSubResourceBody(body Object) SubResourceUpdateAndPatchOption {
	return &withSubresourceBody{body: body}
}

type withSubresourceBody struct {
	body Object
}

func (wsr *withSubresourceBody) ApplyToSubResourceUpdate(o *SubResourceUpdateOptions) {}
func (wsr *withSubresourceBody) ApplyToSubResourcePatch(o *SubResourcePatchOptions)   {}

// SubResourceCreateOptions are all the possible configurations for a subresource create request.
type SubResourceCreateOptions struct {
	CreateOptions
}

// ApplyOptions applies the given options.
func (co *SubResourceCreateOptions) ApplyOptions(opts []SubResourceCreateOption) *SubResourceCreateOptions {
	return co
}

// ApplyToSubResourceCreate applies the the configuration on the given create options.
func (co *SubResourceCreateOptions) ApplyToSubResourceCreate(o *SubResourceCreateOptions) {}

// SubResourcePatchOptions holds all possible configurations for a subresource patch request.
type SubResourcePatchOptions struct {
	PatchOptions
	SubResourceBody Object
}

// ApplyOptions applies the given options.
func (po *SubResourcePatchOptions) ApplyOptions(opts []SubResourcePatchOption) *SubResourcePatchOptions {
	return po
}

// ApplyToSubResourcePatch applies the configuration on the given patch options.
func (po *SubResourcePatchOptions) ApplyToSubResourcePatch(o *SubResourcePatchOptions) {}

// SubResourceApplyOptions are the options for a subresource apply request.
type SubResourceApplyOptions struct {
	ApplyOptions
	SubResourceBody runtime.ApplyConfiguration
}

// ApplyOpts applies the given options. (Named ApplyOpts, not ApplyOptions,
// as in the real package: the embedded ApplyOptions field shadows that name.)
func (ao *SubResourceApplyOptions) ApplyOpts(opts []SubResourceApplyOption) *SubResourceApplyOptions {
	return ao
}

// ApplyToSubResourceApply applies the configuration on the given patch options.
func (ao *SubResourceApplyOptions) ApplyToSubResourceApply(o *SubResourceApplyOptions) {}
