// Tests arrive with the Apple API surface.
