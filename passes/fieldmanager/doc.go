// Package fieldmanager defines an Analyzer that reports controller-runtime
// client writes that name no field manager.
//
// # Analyzer fieldmanager
//
// fieldmanager: report client writes that name no field manager
//
// Every write records a field manager in managedFields. Without one the API
// server takes the client's user agent, so owners show up as "manager" or
// "Go-http-client", and an Apply without one is rejected outright.
package fieldmanager

const doc = `report client writes that name no field manager

Every write records a field manager in managedFields. Without one the API
server takes the client's user agent ("manager", "Go-http-client"), and an
Apply without one is rejected. The suggested fix passes client.FieldOwner.`
