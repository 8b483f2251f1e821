"""The app as it runs inside a phone's browser (Pyodide, the installed web
app made by ``companion publish``): its games kept in IndexedDB, one tab at
a time, and the start that puts them together. Imported only there
(:mod:`companion.machine.runtime` decides); :mod:`companion.publish` builds it.
"""
