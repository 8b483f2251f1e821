"""Flip 7 companion. Importing the package first switches to the compiled
rules engine when a build of the current sources exists (:mod:`.native`)."""

from .machine import native

native.install()
