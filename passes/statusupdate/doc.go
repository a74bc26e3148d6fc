// Package statusupdate defines an Analyzer that reports status written with
// Update in a controller-runtime reconcile path.
//
// # Analyzer statusupdate
//
// statusupdate: report Status().Update reachable from Reconcile
//
// A reconciler reads objects from the informer cache, which lags the API
// server. Status().Update sends the cached resourceVersion, so whenever the
// cache is behind the write fails with 409 Conflict ("the object has been
// modified"): log spam, requeues and wasted API calls. A merge patch of the
// status carries only the changed fields and no resourceVersion.
package statusupdate

const doc = `report Status().Update reachable from Reconcile

A reconciler reads objects from the informer cache, which lags the API server.
Status().Update sends the cached resourceVersion, so whenever the cache is
behind the write fails with 409 Conflict ("the object has been modified").
The suggested fix patches the status with client.MergeFrom(base), base being a
copy of the object taken right after it was loaded.`
