// Package fieldmanager defines an Analyzer that reports controller-runtime
// client writes that name no field manager.
//
// # Analyzer fieldmanager
//
// fieldmanager: report client writes that name no field manager
//
// Every write to the API server records a field manager in the object's
// metadata.managedFields. A write that names none is recorded under the
// client's user agent instead, so the owners of fields show up as
// "manager" or "Go-http-client": two controllers of the same binary cannot
// be told apart, and a server-side apply conflict names nobody useful. An
// Apply (or a Patch with client.Apply) that names no field manager is
// rejected by the API server outright:
//
//	PATCH ...: fieldManager is required for apply requests
//
// # What is reported
//
// Calls of the controller-runtime client writes that can carry a field
// manager: Create, Update, Patch and Apply (controller-runtime v0.22 and
// later) on a client, and Create, Update, Patch and Apply on a status or
// subresource writer (Status(), SubResource("scale")). Delete and
// DeleteAllOf take no field manager and are never reported. Both client
// generations are covered: the old StatusWriter with runtime.Object
// arguments and the current SubResourceWriter.
//
// Writes are recognised by type, not by name: a call through a struct that
// embeds client.Client, through a wrapper type, or through a local variable
// named client is a write; a method named Create or Update on some other
// type is not.
//
// A call names a field manager, and is not reported, when one of its
// option arguments is
//
//   - a client.FieldOwner value: client.FieldOwner("my-operator"), a
//     constant or variable of that type;
//   - a client.CreateOptions, UpdateOptions, PatchOptions, ApplyOptions or
//     SubResource*Options value or pointer whose FieldManager is set, also
//     through an embedded options struct
//     (client.SubResourceUpdateOptions{UpdateOptions: client.UpdateOptions{FieldManager: "x"}})
//     or Raw (&client.PatchOptions{Raw: &metav1.PatchOptions{FieldManager: "x"}});
//     a local options variable counts when the function assigns its
//     FieldManager or Raw field;
//   - an option type of the package whose ApplyTo method sets FieldManager;
//   - a spread slice (opts...) built in the package, as a literal or by
//     append, that holds any of the above as the slice is at the call: on
//     every path to it (a slice that holds one on some paths only is
//     undecided, and not reported; one extended only after the call does
//     not count);
//
// or when the client itself names one: it was made by
// client.WithFieldOwner(c, "my-operator") or by client.New(cfg,
// client.Options{FieldOwner: "my-operator"}), followed, as it is at the
// write, through local variables (also ones a closure assigns), through
// Status() and SubResource(...), and through struct fields and package
// variables every assignment of which in the package is such a client.
//
// A Patch that sends nothing but metadata.managedFields (and
// metadata.resourceVersion, the optimistic lock) is not reported: the
// helpers that repair or migrate managed fields send such patches. The API
// server records a request's manager only for the fields the request
// changed, and these change none (managedFields and resourceVersion are
// left out of that comparison), so a field manager named there would be
// recorded nowhere. Such a write counts in no hand-over fact either: a
// client handed to a helper whose only writes are these is not reported.
// The patch is recognised from its value, made in the function of the
// write:
//
//   - client.RawPatch(types.JSONPatchType, data), where data is
//     json.Marshal of a slice literal of operations, maps or structs (that
//     encode as plain JSON, under those exact names) with no member but op,
//     path and value (no from), each path the constant
//     /metadata/managedFields, a path below it or
//     /metadata/resourceVersion, the literal not changed before the call;
//     a constant string of such operations
//     ([{"op": "replace", "path": "/metadata/managedFields", "value": [{}]}],
//     which strips them); or the patch of client-go's
//     csaupgrade.UpgradeManagedFieldsPatch;
//   - client.MergeFrom, client.MergeFromWithOptions (with the
//     optimistic lock or without) or client.StrategicMergeFrom of a
//     DeepCopy or DeepCopyObject of the written object made in the same
//     function, where between the copy and the write the object's managed
//     fields are seen to change (SetManagedFields, an assignment of
//     ManagedFields, a write into the list GetManagedFields returns)
//     and nothing else is (internal/objchange's walk on SSA, the one the
//     status questions use): a change of anything else, a helper that may
//     change the object, a read into it, or a change of the copy leaves the
//     write reported, and so does a write in a loop the copy is not in.
//
// An Update sends the whole object and is reported even when only its
// managed fields changed, and so is a patch built elsewhere (by another
// package's function, csaupgrade's aside) or from values the function does
// not show.
//
// # What is not decidable, and the decision taken
//
// Option lists from a caller (an opts ...client.PatchOption parameter),
// options or clients made by other packages' functions (other than the
// manager's GetClient, below) cannot be decided; such calls are not
// reported.
//
// The client of the overwhelmingly common kubebuilder reconciler,
//
//	type WidgetReconciler struct {
//		client.Client
//		Scheme *runtime.Scheme
//	}
//
// is set in cmd/main.go, another package, so the controller package never
// assigns the field. Staying silent there would make the pass useless, so
// the pass decides:
//
//   - a struct field (or package variable) that the package never assigns
//     is assumed to hold a client that names no field manager: writes
//     through it are reported;
//   - a field that the package assigns only clients that name one (from
//     client.WithFieldOwner, ...) names one. When the field is exported
//     and the package sets it only in objects it makes (a constructor's
//     composite literal), another package can make its own object with a
//     plain client: the package exports a fact on the field naming the
//     writes through it, and a package that stores a client that names
//     none in the field (&controller.WidgetReconciler{Client:
//     mgr.GetClient()}) is reported where it stores it;
//   - a field that the package assigns clients that name none (the
//     manager's client, below; a parameter every caller hands such a
//     client) names none;
//   - a field that the package assigns anything else (a mix of wrapped and
//     plain clients, a client from another package's function) is unknown,
//     and writes through it are not reported.
//
// Assignments in _test.go files count only for calls in _test.go files: a
// fake client a test puts in a field says nothing about production code.
//
// # How values are followed
//
// Clients, managers and options are followed on the package's SSA form,
// with the index of it that the statuslintreach analysis builds once for
// every pass (the stores the package makes to each field, variable and
// package variable; each function's direct call sites, and whether it is
// used as a value): there is no second tracker on the syntax. A local
// variable is decided as it is at the write, so a client wrapped after a
// write, or an option slice extended after it, does not hide the write; a
// value that differs between the paths to the write is undecided. A local
// variable whose address is handed elsewhere, a function literal's
// parameter, and values of other packages' functions are undecided. A
// message names a writer's subresource (status Update, scale Update) after
// what the analysis traces it to, through parameters too: a helper's writer
// is named after the writers its callers hand in. For a
// package that statuslintreach does not build SSA for (it imports neither
// the client nor the reconcile package, say a package writing through a
// wrapper package's client), the pass builds it when the package has a
// write to check. The syntax is read only where the answer is syntax: the
// suggested fixes, the owner constants the package already uses, and the
// options literal a manager is made with, which the manager's fix edits.
//
// The evaluation of clients and options is the pass's own, on that index,
// rather than the analysis's tracer of origins (which the subresource of a
// message does use): the tracer answers which values a value can be, and
// gives up on a field nobody assigns or a parameter of a function nobody
// calls, where this pass decides "names none" (the field is set in
// main.go), lets the owned and unowned settings decide at a field, leaves
// out assignments in _test.go files for writes outside them, assumes for
// its facts that other packages hand exported functions clients that name
// none, and counts only direct calls of a function (a call through an
// interface, or of a function used as a value, leaves its parameters
// undecided).
//
// When the client is wrapped where the pass cannot see it (a main.go that
// sets the field itself to client.WithFieldOwner(mgr.GetClient(), "my-operator")),
// list the field or its struct type in the owned setting. The unowned
// setting does the opposite: it forces reporting for a field or type even
// when the package's own assignments are undecidable.
//
// # The manager's client
//
// mgr.GetClient() (and GetClient() of a cluster.Cluster) is recognised
// by type: the GetClient method of controller-runtime's cluster.Cluster
// interface, or of manager.Manager in releases before the cluster package,
// called through any type that embeds or implements them. A GetClient of some
// other type is not the manager's client.
//
//   - On a controller-runtime release whose client.Options has no
//     FieldOwner and that has no client.WithFieldOwner (older releases), the
//     manager's client never names a field manager, wherever the manager comes
//     from: a reconciler on v0.9 that holds client: mgr.GetClient() set in
//     its SetupWithManager(mgr) is reported.
//   - On newer releases it names one exactly when the manager was configured
//     with one. The pass decides it where the manager is made in view, by
//     manager.New or ctrl.NewManager in the same function: options whose
//     Client sets FieldOwner name one; options without it and without a
//     custom NewClient name none. A custom NewClient of the package is
//     read: client.New with the options it is handed (or a copy it changes
//     otherwise) names a manager as those options do, and so does a wrapper
//     of the package around such a client whose own code names none; any
//     other client it returns, and options from elsewhere that the pass
//     cannot decide, are unknown. Options returned
//     by a function of the package, or by another package's function with
//     a ManagerOptions fact (a config package's Load that never sets
//     Client or NewClient, helpers handed their address included), are
//     decided from that function. A client another package's function
//     makes on every path (client.New, client.WithFieldOwner) is decided
//     from its ClientResults fact (openkruise's
//     utilclient.NewClientFromManager), and the manager another package's
//     function makes and returns in a field of a struct it makes, from its
//     ManagerResults fact (karpenter's operator.NewOperator), where the
//     struct is read and handed to no other code. lo.Must returns the
//     value it is handed. A manager handed in (SetupWithManager(mgr),
//     NewWidgetReconciler(mgr manager.Manager)) is decided from where it
//     is made, like a client handed in (below).
//
// # Clients handed in
//
// A client that is a parameter (NewWidgetReconciler(c client.Client, ...)
// storing c in a field, a helper ensureConfigMap(ctx, cl client.Client, ...))
// is decided from where it comes from. A reconciler handed in as an
// interface that embeds the client writes through its embedded client
// (when its write methods are all promoted from that field); such a
// hand-over across packages has no fix, since client.WithFieldOwner's
// result cannot stand in for the reconciler.
//
//   - In the same package, from every call of the function: when all of them
//     hand in clients that name none, the writes through the parameter, or
//     through the field it is stored in, are reported where they are, each
//     with its fix. When all name one, they name one. Anything else, a
//     function used as a value (its calls cannot all be seen), a variadic
//     parameter, or an unexported function never called, is unknown.
//
//   - Across packages, for an exported function or method that the package
//     does not call itself: the package cannot see the client made, so it
//     reports nothing, and exports a fact on the function that names, per
//     client parameter, the writes that name no field manager when the
//     client names none (stored in a field, written through directly, or
//     handed on to another package's function with such a fact). A package
//     that calls the function with a client that names none is reported at
//     the argument, where the client is made or handed over:
//
//     cmd/main.go:88:39: client handed to controller.NewWidgetReconciler names no field manager, and 4 writes name none through it (Create of *corev1.ConfigMap at widget_controller.go:93, status Update of *v1alpha1.Widget at widget_controller.go:101, Patch of *corev1.Secret at secrets.go:40, ...); managedFields will show the client's user agent: wrap it with client.WithFieldOwner(...)
//
//     The fix wraps the argument, client.WithFieldOwner(mgr.GetClient(), "<name>")
//     (the owner as in the per-write fix below, as a string), which fixes every
//     write it reaches at once. A client handed over in a package that is
//     itself an exported function's parameter passes the writes on to that
//     function's fact, so the finding moves to where the client is made. On a
//     release without client.WithFieldOwner there is no fix, and the message
//     says to pass client.FieldOwner(...) to each write.
//
//   - Through a function value that the package's own stores show to hold
//     other packages' functions with such facts (through locals, package
//     variables, slices and append): the call hands its arguments to all
//     of them, reported or passed on once. This is the operator-sdk
//     layout, whose controller package appends each controller's Add to
//     AddToManagerFuncs in an init function and calls them all with the
//     manager. A package exports the facts when it imports the client or
//     reconcile package, or a package whose functions have them.
//
//   - Through an interface method called with a client or a manager on
//     values the package's own stores show to be other packages' types
//     (through locals, package variables, slices and maps): the methods of
//     those types are handed the arguments, reported once for them all.
//     This is VictoriaMetrics operator's layout: a map of reconcilers
//     made empty, each handed the manager's client by its Init method.
//
// The per-write findings inside the controller package are not reported
// in the cross-package case, a decision: the package cannot see its callers,
// and a caller that wraps its client correctly would make every one of them
// false. The finding at the hand-over names the writes it reaches (the first
// three, by file and line, and how many), and its one fix covers them all.
// An editor open on the controller package shows nothing there; the finding
// is in the file that makes the client. Where the constructor is called in
// the same package, the writes are reported where they are instead, and no
// hand-over is.
//
// # Managers handed in
//
// A manager parameter whose client reaches writes (SetupWithManager(mgr)
// storing mgr.GetClient() in r.Client) is decided like a client parameter:
// from the calls in the same package, and for an exported function or
// method by a fact ("the client of manager parameter N reaches these
// writes without a field manager"). The package that makes the manager by
// ctrl.NewManager and hands it over is reported there:
//
//	cmd/main.go:140:53: manager handed to (*controller.WidgetReconciler).SetupWithManager makes a client that names no field manager, and 2 writes name none through it (...); managedFields will show the client's user agent: set Client: client.Options{FieldOwner: ...} in the manager's options
//
// unless the manager's options name a FieldOwner or a custom NewClient.
// The fix adds Client: client.Options{FieldOwner: "<name>"} (or FieldOwner
// to the Client literal) to the options literal the manager is made with,
// gofmt-formatted; every hand-over of one manager carries the same edit.
// Options that are not a struct literal there, a manager handed in by
// several callers, or a release whose client.Options has no FieldOwner get
// no fix, and the message says why.
//
// Facts are exported only by packages that import controller-runtime's
// client or reconcile package directly, the rule the vet-mode skip of
// dependencies decides from, so a skipped package never has a fact to lose.
//
// # Test support, and a program that sets its User-Agent
//
// A file that imports testing or a test framework (ginkgo, gomega,
// testify, envtest, testcontainers) outside the _test.go files is test
// support (fixtures, an envtest or testcontainers harness, ginkgo helpers):
// its clients are fakes and throwaway clusters. It is skipped like a
// _test.go file, unless the tests setting is on; the package's other
// files are checked as usual.
//
// A program that sets rest.Config.UserAgent to its own name is still
// reported. The API server takes the default field manager from the part of
// the User-Agent before the first /, so a UserAgent of "my-operator/v1.2"
// records "my-operator", and controller-runtime's default User-Agent
// already starts with the binary's name (hence "manager" in kubebuilder
// operators): managedFields name the program either way. The finding
// stands because every controller of the binary then records the same
// manager, so their fields cannot be told apart, the name moves with the
// binary's name rather than with the code, and an Apply is rejected without
// an explicit field manager whatever the User-Agent. Besides, the
// UserAgent is set in main, where the controller packages cannot see it. If
// one manager name per binary is what you want, silence the pass for the
// package or list its client fields in the owned setting.
//
// # Example
//
// Before:
//
//	if err := r.Create(ctx, cm); err != nil {
//		return ctrl.Result{}, err
//	}
//	if err := r.Status().Update(ctx, widget); err != nil {
//		return ctrl.Result{}, err
//	}
//
// reports
//
//	Create of *corev1.ConfigMap names no field manager; managedFields will show the client's user agent: pass client.FieldOwner(...)
//	status Update of *v1alpha1.Widget names no field manager; managedFields will show the client's user agent: pass client.FieldOwner(...)
//
// After:
//
//	const fieldOwner = client.FieldOwner("widget-controller")
//	...
//	if err := r.Create(ctx, cm, fieldOwner); err != nil {
//		return ctrl.Result{}, err
//	}
//	if err := r.Status().Update(ctx, widget, fieldOwner); err != nil {
//		return ctrl.Result{}, err
//	}
//
// or, once for every write, in cmd/main.go:
//
//	Client: client.WithFieldOwner(mgr.GetClient(), "widget-controller"),
//
// # The suggested fix
//
// The fix appends the owner as the last argument of the call,
// client.FieldOwner(<owner>), or just <owner> when the owner already has
// type client.FieldOwner. The owner is, in order:
//
//  1. the package's own: a constant or variable it already passes as a
//     client.FieldOwner (converted, or typed as one), to
//     client.WithFieldOwner or as client.Options.FieldOwner, or a string
//     constant it sets as FieldManager of request options; the most used
//     one, ties broken by first use, and one whose name is not shadowed at
//     the call;
//  2. the configured name (-fieldmanager.name), through one constant the
//     fixes declare for the package, in the first file by name that has
//     such a call and no build constraint (const fieldOwner =
//     client.FieldOwner("<name>"), every fix making the same edit, so
//     that one fix alone or all of them compile); the literal,
//     client.FieldOwner("<name>"), where the constant cannot be: in a
//     _test.go file, where fieldOwner is shadowed, or when the package, a
//     file's imports, or a .go file of the directory the pass does not
//     see as production code (a test, a file of other build tags) has the
//     name;
//  3. none: there is no fix, and the message says so.
//
// The fix is a pure insertion before the call's closing parenthesis (on a
// line of its own when the arguments end with a comma and a newline), so
// it composes with other passes' fixes to the same call. When the file
// does not import the client package, or the name is shadowed at the call
// (a local variable named client), the fix imports it under a name that
// resolves there (client, else crclient, ...), in sorted position in the
// import block. A call whose options are spread from a slice (opts...)
// gets no fix: the owner belongs in the slice.
//
// # Settings
//
//	-fieldmanager.name string
//		field manager the fix passes when the package has no owner of its own
//	-fieldmanager.owned list
//		comma-separated struct fields (pkg/path.Type.Field) or struct types
//		(pkg/path.Type) whose clients name a field manager
//	-fieldmanager.unowned list
//		comma-separated struct fields or types whose clients name none,
//		reported even when the package's own assignments are undecidable
//	-fieldmanager.tests
//		also check _test.go files
//
// For example, for a reconciler whose main.go wraps the client:
//
//	statuslint -fieldmanager.owned=example.com/op/internal/controller.WidgetReconciler.Client ./...
//
// (a field promoted from an embedded client.Client is named Client; a
// package-level client variable is named pkg/path.Var). In a
// golangci-lint configuration the same settings are name, owned, unowned
// and tests under fieldmanager.
//
// # Silencing
//
// Fix the call, or mark the client as owned with the owned setting. To
// silence one finding, give a reason on its line or the line above:
//
//	//statuslint:ignore fieldmanager the sibling controller owns these fields
//
// //statuslint:file-ignore fieldmanager <reason> silences a file; under
// golangci-lint //nolint:statuslint works too.
//
// The full page: https://github.com/statuslint/statuslint/blob/main/docs/fieldmanager.md
package fieldmanager

import (
	_ "embed"

	"github.com/statuslint/statuslint/internal/analyzerdoc"
)

// docFile is this file: the analyzer's Doc is its "# Analyzer" section
// above, so the help text and the package documentation cannot disagree.
//
//go:embed doc.go
var docFile string

var doc = analyzerdoc.MustExtract(docFile, Name)
