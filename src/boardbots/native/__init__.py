"""An optional native build of the engines' and bots' hot modules, made with mypyc.

The games are plain Python so they run anywhere, the browser's Pyodide
included. Where a C compiler is at hand, `boardbots compile` turns the
modules listed in `modules.py` into C extensions of the very same source:
they play the same games move for move (a test compares the records) about
1.5x faster, which the lab's long runs and Hard's budget both feel.

A build is kept under a key made from the source files, so it is used only
while the sources are exactly the ones it was built from: after any edit the
package quietly falls back to its Python modules until the next compile.
"""
