// Package controllerruntime is a signature-only stub of the root package of
// sigs.k8s.io/controller-runtime (v0.25, usually imported as ctrl), for
// analyzer tests.
package controllerruntime

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Builder builds an Application ControllerManagedBy.
type Builder = builder.Builder

// Request contains the information necessary to reconcile a Kubernetes object.
type Request = reconcile.Request

// Result contains the result of a Reconciler invocation.
type Result = reconcile.Result

// Manager initializes shared dependencies.
type Manager = manager.Manager

// Options are the arguments for creating a new Manager.
type Options = manager.Options

// GroupVersion contains the "group" and the "version".
type GroupVersion = schema.GroupVersion

// GroupResource specifies a Group and a Resource.
type GroupResource = schema.GroupResource

// TypeMeta describes an individual object in an API response or request.
type TypeMeta = metav1.TypeMeta

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta = metav1.ObjectMeta

var (
	// NewControllerManagedBy returns a new controller builder.
	NewControllerManagedBy = builder.ControllerManagedBy

	// NewManager returns a new Manager for creating Controllers.
	NewManager = manager.New

	// Log is the base logger used by controller-runtime.
	Log = log.Log

	// LoggerFrom returns a logger with predefined values from a context.Context.
	LoggerFrom = log.FromContext

	// LoggerInto takes a context and sets the logger as one of its values.
	LoggerInto = log.IntoContext

	// SetLogger sets a concrete logging implementation.
	SetLogger = log.SetLogger

	// SetControllerReference sets owner as a Controller OwnerReference on owned.
	SetControllerReference = controllerutil.SetControllerReference

	// CreateOrUpdate creates or updates the given object in the Kubernetes cluster.
	CreateOrUpdate = controllerutil.CreateOrUpdate

	// CreateOrPatch creates or patches the given object in the Kubernetes cluster.
	CreateOrPatch = controllerutil.CreateOrPatch
)
