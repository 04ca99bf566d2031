"""Chat templates: render a conversation exactly as transformers 5 ``apply_chat_template`` does.

>>> from core.chat import render, CHATML
>>> render(CHATML, [{"role": "user", "content": "hi"}], add_generation_prompt=True).text
'<|im_start|>user\\nhi<|im_end|>\\n<|im_start|>assistant\\n'
"""

from .bounded import BoundedRenderer
from .builtin import BUILTIN_TEMPLATES, CHATML, INST
from .errors import ChatTemplateError, RenderLimitError
from .render import DEFAULT_MAX_CHARS, Rendered, render

__all__ = ["BoundedRenderer", "BUILTIN_TEMPLATES", "CHATML", "INST", "ChatTemplateError",
           "DEFAULT_MAX_CHARS", "RenderLimitError", "Rendered", "render"]
