"""The workbench's own small chat templates, for tokenizers that ship none.

``chatml``: ``<|im_start|>role\\ncontent<|im_end|>\\n`` per message, then
``<|im_start|>assistant\\n`` as the generation prompt. ``inst``: ``[INST] user [/INST] answer</s>``
turns after ``bos_token``, a system message folded into the first user turn (the Llama-2 /
Mistral shape). Both mark the assistant's reply with ``{% generation %}`` so a loss mask can be
read from them.

>>> sorted(BUILTIN_TEMPLATES)
['chatml', 'inst']
"""

from __future__ import annotations

CHATML = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' }}"
    "{% if message['role'] == 'assistant' %}"
    "{% generation %}{{ message['content'] | default('', true) + '<|im_end|>' }}{% endgeneration %}"
    "{% else %}"
    "{{ message['content'] | default('', true) + '<|im_end|>' }}"
    "{% endif %}"
    "{{ '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)

INST = (
    "{{ bos_token | default('') }}"
    "{% set ns = namespace(system='') %}"
    "{% for message in messages %}"
    "{% if message['role'] == 'system' %}"
    "{% set ns.system = message['content'] | default('', true) + '\\n\\n' %}"
    "{% elif message['role'] == 'user' %}"
    "{{ '[INST] ' + ns.system + message['content'] | default('', true) + ' [/INST]' }}"
    "{% set ns.system = '' %}"
    "{% elif message['role'] == 'assistant' %}"
    "{% generation %}{{ ' ' + message['content'] | default('', true) + eos_token | default('') }}"
    "{% endgeneration %}"
    "{% else %}"
    "{{ raise_exception('The inst template supports system, user and assistant roles, not '"
    " + message['role']) }}"
    "{% endif %}"
    "{% endfor %}"
)

BUILTIN_TEMPLATES = {"chatml": CHATML, "inst": INST}
