package v1

// GetControllerOf returns a pointer to the controllee's controller
// reference, if any.
func GetControllerOf(controllee Object) *OwnerReference { return nil }
