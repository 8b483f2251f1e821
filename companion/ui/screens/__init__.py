"""The screens: one module a screen, each drawing one step of the app."""
