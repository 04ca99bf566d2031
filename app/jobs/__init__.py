"""The functions the GUI's jobs run (:meth:`app.tasks.TaskRunner.submit`), in one Qt-free place.

A job function takes plain values and returns plain values; it may take ``progress=`` and
``cancel=`` (:mod:`core.progress`). It never touches a widget: the pane that submits it may be
closed while it runs. Core functions are submitted as they are (``core.diff.report.compare``,
``core.chat.report.chat_report``...); what the GUI adds around them — several tokenizers at once,
rows made ready to show, a chart drawn to pixels — lives here, one module per area. No module
here imports Qt: an import-linter contract and ``tests/app/test_jobs_package.py`` hold that,
and the test also checks that every ``submit`` in ``app/`` runs a function from ``core`` or
from here.
"""
