// The engine's tests are in Engine*.swift beside this file.
