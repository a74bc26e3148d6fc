package v1

// HasAnnotation returns a bool if passed in annotation exists.
func HasAnnotation(obj ObjectMeta, ann string) bool { return false }

// SetMetaDataAnnotation sets the annotation and value.
func SetMetaDataAnnotation(obj *ObjectMeta, ann string, value string) {}

// HasLabel returns a bool if passed in label exists.
func HasLabel(obj ObjectMeta, label string) bool { return false }

// SetMetaDataLabel sets the label and value.
func SetMetaDataLabel(obj *ObjectMeta, label string, value string) {}

// IsControlledBy checks if the object has a controllerRef set to the given owner.
func IsControlledBy(obj Object, owner Object) bool { return false }
