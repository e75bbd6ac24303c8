"""PyInstaller run-time hook for PySide6 that loads no Qt: the app's own replacement.

PyInstaller's hook (``PyInstaller/hooks/rthooks/pyi_rth_pyside6.py``) does two
things before the app's first line runs: it points Qt at the bundle's plugins
(environment variables) and registers an embedded ``qt.conf`` naming the bundle's
Qt folder as Qt's prefix, which needs ``PySide6.QtCore``. Importing QtCore loads
QtCore, ICU and their libraries: about 80 ms and 18 MiB that ``--version``,
``--help``, and every worker process started with ``spawn`` or ``forkserver``
would pay for nothing.

This hook sets the same variables and registers the same ``qt.conf``, but only
once something imports ``PySide6.QtCore``: a one-shot finder at the front of
``sys.meta_path`` wraps QtCore's loader so that the registration runs right
after the module is initialised, before any code can use it.
"""

# Run-time hooks run in the namespace of the app's __main__: like PyInstaller's
# own, this one keeps its names (and imports) inside a function it then deletes.
# ruff: noqa: PLC0415


def _pyi_rthook():
    import os
    import sys

    from _pyi_rth_utils import is_macos_app_bundle, prepend_path_to_environment_variable
    from _pyi_rth_utils import qt as qt_rth_utils

    qt_rth_utils.ensure_single_qt_bindings_package("PySide6")

    if sys.platform.startswith("win"):
        qt_path = os.path.join(sys._MEIPASS, "PySide6")
    else:
        qt_path = os.path.join(sys._MEIPASS, "PySide6", "Qt")
    os.environ["QT_PLUGIN_PATH"] = os.path.join(qt_path, "plugins")
    if is_macos_app_bundle:
        resources_qt_path = os.path.normpath(
            os.path.join(sys._MEIPASS, "..", "Resources", os.path.relpath(qt_path, sys._MEIPASS))
        )
        os.environ["QML2_IMPORT_PATH"] = os.pathsep.join(
            [os.path.join(resources_qt_path, "qml"), os.path.join(qt_path, "qml")]
        )
    else:
        os.environ["QML2_IMPORT_PATH"] = os.path.join(qt_path, "qml")
    if sys.platform.startswith("win"):
        prepend_path_to_environment_variable(sys._MEIPASS, "PATH")
    if sys.platform == "darwin" and not is_macos_app_bundle:
        prepend_path_to_environment_variable(sys._MEIPASS, "DYLD_LIBRARY_PATH")

    class RegisterQtConfAfterQtCore:
        """Finds nothing itself; gives QtCore's spec a loader that registers qt.conf after it."""

        def find_spec(self, name, path=None, target=None):
            if name != "PySide6.QtCore":
                return None
            sys.meta_path.remove(self)
            import importlib.util

            spec = importlib.util.find_spec(name)
            if spec is None or spec.loader is None:
                return spec
            loader = spec.loader
            initialise = loader.exec_module

            def exec_module(module):
                initialise(module)
                qt_rth_utils.create_embedded_qt_conf("PySide6", qt_path)

            loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, RegisterQtConfAfterQtCore())


_pyi_rthook()
del _pyi_rthook
