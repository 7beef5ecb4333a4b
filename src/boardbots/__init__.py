"""boardbots: fair, measurable AI opponents for turn-based board games."""

__version__ = "0.1.0"

# Before any engine module loads: serve the native build of these sources, if one was made.
from boardbots.native.finder import install as _install_native

_install_native()
