<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AlignPane</name>
    <message>
        <source>Open dataset…</source>
        <translation>打开数据集…</translation>
    </message>
    <message>
        <source>No dataset: open one or drop it here</source>
        <translation>尚无数据集：打开一个，或拖放到这里</translation>
    </message>
    <message>
        <source>format: detect</source>
        <translation>格式：自动识别</translation>
    </message>
    <message>
        <source>JSONL spans</source>
        <translation>JSONL 区间</translation>
    </message>
    <message>
        <source>CoNLL / BIO tokens</source>
        <translation>CoNLL / BIO 词例</translation>
    </message>
    <message>
        <source>character BIO</source>
        <translation>逐字符 BIO</translation>
    </message>
    <message>
        <source>word segmentation</source>
        <translation>分词切分</translation>
    </message>
    <message>
        <source>offsets in UTF-8 bytes</source>
        <translation>偏移量单位：UTF-8 字节</translation>
    </message>
    <message>
        <source>offsets in code points</source>
        <translation>偏移量单位：码位</translation>
    </message>
    <message>
        <source>offsets in UTF-16 units</source>
        <translation>偏移量单位：UTF-16 单元</translation>
    </message>
    <message>
        <source>offsets in graphemes</source>
        <translation>偏移量单位：字素簇</translation>
    </message>
    <message>
        <source>The unit the JSONL offsets count in (the other formats count in code points)</source>
        <translation>JSONL 偏移量的计数单位（其他格式按码位计数）</translation>
    </message>
    <message>
        <source>spans key: detect</source>
        <translation>区间键：自动检测</translation>
    </message>
    <message>
        <source>The JSONL key that holds each record&apos;s spans: a list of [start, end], [start, end, label] or objects (default: spans, entities or words)</source>
        <translation>JSONL 中存放每条记录区间的键：由 [start, end]、[start, end, label] 或对象组成的列表（默认：spans、entities 或 words）</translation>
    </message>
    <message>
        <source>Align</source>
        <translation>对齐</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop aligning, writing the copy or exporting; nothing of it is kept</source>
        <translation>停止对齐、写入副本或导出；不保留其任何结果</translation>
    </message>
    <message>
        <source>The tokenizers of the session to align to (open more from the File menu)</source>
        <translation>要对齐的本会话分词器（可从“文件”菜单打开更多）</translation>
    </message>
    <message>
        <source>strict: both ends on token boundaries</source>
        <translation>严格：两端都在词元边界上</translation>
    </message>
    <message>
        <source>contract: the tokens inside</source>
        <translation>收缩：区间内的词元</translation>
    </message>
    <message>
        <source>expand: every token touched</source>
        <translation>扩展：触及的所有词元</translation>
    </message>
    <message>
        <source>Tokenizers:</source>
        <translation>分词器：</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>Per tokenizer</source>
        <translation>按分词器</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Strict</source>
        <translation>严格</translation>
    </message>
    <message>
        <source>Start ok</source>
        <translation>起点对齐</translation>
    </message>
    <message>
        <source>End ok</source>
        <translation>终点对齐</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>收缩</translation>
    </message>
    <message>
        <source>Expand adds</source>
        <translation>扩展增加</translation>
    </message>
    <message>
        <source>Share of spans with at least one token wholly inside (contract is not empty)</source>
        <translation>至少有一个词元完全落在区间内的比例（收缩结果非空）</translation>
    </message>
    <message>
        <source>Characters expand adds to a span, on average</source>
        <translation>扩展平均给每个区间增加的字符数</translation>
    </message>
    <message>
        <source>Per label</source>
        <translation>按标签</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>Bad records</source>
        <translation>错误记录</translation>
    </message>
    <message>
        <source>Filter by tokenizer</source>
        <translation>按分词器筛选</translation>
    </message>
    <message>
        <source>Filter by label</source>
        <translation>按标签筛选</translation>
    </message>
    <message>
        <source>Filter by misaligned end</source>
        <translation>按未对齐的一端筛选</translation>
    </message>
    <message>
        <source>any end</source>
        <translation>任一端</translation>
    </message>
    <message>
        <source>start only</source>
        <translation>仅起点</translation>
    </message>
    <message>
        <source>end only</source>
        <translation>仅终点</translation>
    </message>
    <message>
        <source>both ends</source>
        <translation>两端</translation>
    </message>
    <message>
        <source>Misaligned spans</source>
        <translation>未对齐的区间</translation>
    </message>
    <message>
        <source>Select a misaligned span to see its record</source>
        <translation>选择一个未对齐的区间以查看其记录</translation>
    </message>
    <message>
        <source>Tokens of the span</source>
        <translation>区间的词元</translation>
    </message>
    <message>
        <source>Fixes</source>
        <translation>修正</translation>
    </message>
    <message>
        <source>Order of fixes</source>
        <translation>修正顺序</translation>
    </message>
    <message>
        <source>trim, then contract</source>
        <translation>先修剪，再收缩</translation>
    </message>
    <message>
        <source>trim, then expand</source>
        <translation>先修剪，再扩展</translation>
    </message>
    <message>
        <source>contract</source>
        <translation>收缩</translation>
    </message>
    <message>
        <source>expand</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>Corrected copy…</source>
        <translation>修正副本…</translation>
    </message>
    <message>
        <source>Write a new file with every misaligned span of the chosen tokenizer fixed; the original is not changed</source>
        <translation>写入一个新文件，其中所选分词器的每个未对齐区间都已修正；原文件不会改动</translation>
    </message>
    <message>
        <source>Label scheme</source>
        <translation>标签方案</translation>
    </message>
    <message>
        <source>What to export</source>
        <translation>导出范围</translation>
    </message>
    <message>
        <source>Export labels…</source>
        <translation>导出标签…</translation>
    </message>
    <message>
        <source>Write token labels for the chosen mode (JSONL, or CoNLL for .conll): one file per tokenizer, named after it, naming it inside</source>
        <translation>按所选模式写出词元标签（JSONL；.conll 文件为 CoNLL）：每个分词器一个文件，文件名和文件内容都注明该分词器</translation>
    </message>
    <message>
        <source>no dataset</source>
        <translation>未打开标注数据集</translation>
    </message>
    <message numerus="yes">
        <source>%n tokenizer(s)</source>
        <translation>
            <numerusform>%n 个分词器</numerusform>
        </translation>
    </message>
    <message>
        <source>{n} spans expand widens or leaves without a token ({tokenizer})</source>
        <translation>{n} 个区间经扩展后变宽或不含任何词元（{tokenizer}）</translation>
    </message>
    <message>
        <source>Bands: tokens (thin gaps between them)</source>
        <translation>色带：词元（词元之间有细缝）</translation>
    </message>
    <message>
        <source>span end inside a token</source>
        <translation>区间端点落在词元内部</translation>
    </message>
    <message>
        <source>span end inside a grapheme</source>
        <translation>区间端点落在字素簇内部</translation>
    </message>
    <message>
        <source>(↑/↓: previous/next span; ←/→: tokens)</source>
        <translation>（↑/↓：上一个/下一个区间；←/→：词元）</translation>
    </message>
    <message>
        <source>Labels exported for {tokenizer}: {path} ({tagged} of {spans} spans tagged, {n} reported)</source>
        <translation>已为 {tokenizer} 导出标签：{path}（{spans} 个区间中标注了 {tagged} 个，报告 {n} 个）</translation>
    </message>
    <message>
        <source>Labels exported for {n} tokenizers</source>
        <translation>已为 {n} 个分词器导出标签</translation>
    </message>
    <message>
        <source>Suggested fixes</source>
        <translation>建议的修正</translation>
    </message>
    <message>
        <source>Open an annotation dataset</source>
        <translation>打开标注数据集</translation>
    </message>
    <message>
        <source>Annotation datasets (*.jsonl *.json *.conll *.bio *.txt *.tsv);;All files (*)</source>
        <translation>标注数据集 (*.jsonl *.json *.conll *.bio *.txt *.tsv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Tick at least one tokenizer to align to</source>
        <translation>请至少勾选一个要对齐的分词器</translation>
    </message>
    <message>
        <source>aligning…</source>
        <translation>正在对齐…</translation>
    </message>
    <message>
        <source>Stopped; nothing was kept</source>
        <translation>已停止；未保留任何结果</translation>
    </message>
    <message>
        <source>{n} spans aligned to {k} tokenizers</source>
        <translation>已将 {n} 个区间对齐到 {k} 个分词器</translation>
    </message>
    <message>
        <source>all labels</source>
        <translation>全部标签</translation>
    </message>
    <message>
        <source>{records} records, {spans} spans, {fmt}, offsets in {unit}</source>
        <translation>{records} 条记录，{spans} 个区间，{fmt}，偏移量单位：{unit}</translation>
    </message>
    <message>
        <source>The span texts do not fit the declared unit: {n} of {total} match in {unit}. Choose that unit and align again.</source>
        <translation>区间文本与声明的单位不符：{total} 个中有 {n} 个按{unit}相符。请选择该单位后重新对齐。</translation>
    </message>
    <message>
        <source>{n} span texts do not match the text</source>
        <translation>{n} 个区间文本与正文不符</translation>
    </message>
    <message>
        <source>unit checked: all {n} span texts match</source>
        <translation>单位已核对：全部 {n} 个区间文本相符</translation>
    </message>
    <message>
        <source>{n} bad records or spans left out (see Bad records)</source>
        <translation>已略去 {n} 条错误记录或区间（见“错误记录”）</translation>
    </message>
    <message>
        <source>byte order mark skipped</source>
        <translation>已跳过字节顺序标记</translation>
    </message>
    <message>
        <source>mixed line endings</source>
        <translation>换行符混用</translation>
    </message>
    <message>
        <source>UTF-8 bytes</source>
        <translation>UTF-8 字节</translation>
    </message>
    <message>
        <source>code points</source>
        <translation>码位</translation>
    </message>
    <message>
        <source>UTF-16 units</source>
        <translation>UTF-16 单元</translation>
    </message>
    <message>
        <source>graphemes</source>
        <translation>字素簇</translation>
    </message>
    <message>
        <source>Share of spans expand does not widen, per label</source>
        <translation>各标签经扩展后不变宽的区间比例</translation>
    </message>
    <message>
        <source>{n} spans not aligned strictly ({tokenizer})</source>
        <translation>{n} 个区间未严格对齐（{tokenizer}）</translation>
    </message>
    <message>
        <source>{n} spans with no token inside ({tokenizer})</source>
        <translation>{n} 个区间内没有完整词元（{tokenizer}）</translation>
    </message>
    <message>
        <source>{n} chars/span</source>
        <translation>{n} 字符/区间</translation>
    </message>
    <message>
        <source>Out of date — the dataset, its settings or the tokenizers changed since this run. Run again (Align).</source>
        <translation>已过期——自这次运行以来数据集、其设置或分词器已改变。请重新运行（对齐）。</translation>
    </message>
    <message>
        <source>Share of spans aligned strictly, per label</source>
        <translation>各标签严格对齐的区间比例</translation>
    </message>
    <message>
        <source>Share of spans with tokens inside, per label</source>
        <translation>各标签内含词元的区间比例</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Spans</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>line {line}: {message}</source>
        <translation>第 {line} 行：{message}</translation>
    </message>
    <message>
        <source>… and {n} more</source>
        <translation>……另有 {n} 条</translation>
    </message>
    <message>
        <source>Bad records ({n})</source>
        <translation>错误记录（{n}）</translation>
    </message>
    <message>
        <source>Line {line}: {label} [{start}, {end}) “{text}” — {tokenizer}</source>
        <translation>第 {line} 行：{label} [{start}, {end}) “{text}” — {tokenizer}</translation>
    </message>
    <message>
        <source> … {n} more tokens</source>
        <translation> ……另有 {n} 个词元</translation>
    </message>
    <message>
        <source>Tokens (ID, code points); the selected span&apos;s in red:</source>
        <translation>词元（ID，码位区间）；所选区间的词元以红色标出：</translation>
    </message>
    <message>
        <source>trim</source>
        <translation>修剪</translation>
    </message>
    <message>
        <source>snap to contract</source>
        <translation>收缩对齐</translation>
    </message>
    <message>
        <source>snap to expand</source>
        <translation>扩展对齐</translation>
    </message>
    <message>
        <source>aligns</source>
        <translation>可对齐</translation>
    </message>
    <message>
        <source>still misaligned</source>
        <translation>仍未对齐</translation>
    </message>
    <message>
        <source>{kind}: “{before}” → “{after}” ({verdict})</source>
        <translation>{kind}：“{before}” → “{after}”（{verdict}）</translation>
    </message>
    <message>
        <source>no fix found</source>
        <translation>未找到修正</translation>
    </message>
    <message>
        <source>Write a corrected copy</source>
        <translation>写入修正副本</translation>
    </message>
    <message>
        <source>JSONL (*.jsonl)</source>
        <translation>JSONL (*.jsonl)</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>正在写入…</translation>
    </message>
    <message>
        <source>Corrected copy written: {path} ({n} spans fixed, {left} left misaligned)</source>
        <translation>修正副本已写入：{path}（修正 {n} 个区间，{left} 个仍未对齐）</translation>
    </message>
    <message>
        <source>the chosen tokenizer</source>
        <translation>所选分词器</translation>
    </message>
    <message>
        <source>all {n} tokenizers</source>
        <translation>全部 {n} 个分词器</translation>
    </message>
    <message>
        <source>Export token labels</source>
        <translation>导出词元标签</translation>
    </message>
    <message>
        <source>JSONL (*.jsonl);;CoNLL (*.conll)</source>
        <translation>JSONL (*.jsonl);;CoNLL (*.conll)</translation>
    </message>
    <message>
        <source>exporting…</source>
        <translation>正在导出…</translation>
    </message>
</context>
<context>
    <name>AlignedExamplesView</name>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>A (old)</source>
        <translation>A（旧）</translation>
    </message>
    <message>
        <source>B (new)</source>
        <translation>B（新）</translation>
    </message>
</context>
<context>
    <name>AuditSummary</name>
    <message>
        <source>No vocabulary audit yet: run one from the Vocabulary tab.</source>
        <translation>尚未进行词表审计：请在“词表”标签页中运行。</translation>
    </message>
    <message>
        <source>ordinary tokens</source>
        <translation>普通词元</translation>
    </message>
    <message>
        <source>partial (not whole characters)</source>
        <translation>部分字符（字节不成完整字符）</translation>
    </message>
    <message>
        <source>self-unreachable</source>
        <translation>自身不可达</translation>
    </message>
    <message>
        <source>{n} ({internal} word-internal)</source>
        <translation>{n}（其中词内 {internal}）</translation>
    </message>
    <message>
        <source>no merge forms it</source>
        <translation>合并无法生成</translation>
    </message>
    <message>
        <source>not a BPE with merges</source>
        <translation>不是带合并规则的 BPE</translation>
    </message>
    <message>
        <source>sensitive or boilerplate</source>
        <translation>敏感或样板内容</translation>
    </message>
    <message>
        <source>near-duplicate groups</source>
        <translation>近似重复组</translation>
    </message>
    <message>
        <source>unused on the corpus</source>
        <translation>语料中未使用</translation>
    </message>
    <message>
        <source>share covering 50 / 90 / 99%</source>
        <translation>覆盖 50 / 90 / 99% 所需的词表占比</translation>
    </message>
    <message>
        <source>unused on the {lang} part</source>
        <translation>{lang} 部分中未使用</translation>
    </message>
    <message>
        <source>rarest used (count)</source>
        <translation>最少使用（次数）</translation>
    </message>
    <message>
        <source>Vocabulary audit</source>
        <translation>词表审计</translation>
    </message>
</context>
<context>
    <name>BucketTableModel</name>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>分桶</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Premium</source>
        <translation>溢价</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <source>Tokens/byte</source>
        <translation>词元/字节</translation>
    </message>
    <message>
        <source>Tokens/char</source>
        <translation>词元/字符</translation>
    </message>
    <message>
        <source>Tokens/word</source>
        <translation>词元/词</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>UNK</source>
        <translation>UNK</translation>
    </message>
    <message>
        <source>Byte fallback</source>
        <translation>字节回退</translation>
    </message>
    <message>
        <source>Partial chars</source>
        <translation>残缺字符</translation>
    </message>
    <message>
        <source>Truncated</source>
        <translation>被截断</translation>
    </message>
    <message>
        <source>Tokens of this language divided by the pivot&apos;s tokens for the same sentences</source>
        <translation>同一批句子上，该语言的词元数除以基准语言的词元数</translation>
    </message>
    <message>
        <source>Tokens per whitespace word, only over texts whose script separates words</source>
        <translation>每个空格分隔词的词元数，只统计用空格分词的文字</translation>
    </message>
    <message>
        <source>Documents longer than the context window minus the template&apos;s tokens</source>
        <translation>长度超过上下文窗口减去模板词元数的文档</translation>
    </message>
    <message>
        <source>script: {name}</source>
        <translation>文字：{name}</translation>
    </message>
    <message>
        <source>length in code points: {name}</source>
        <translation>长度（码位）：{name}</translation>
    </message>
    <message>
        <source>domain: {name}</source>
        <translation>领域：{name}</translation>
    </message>
    <message>
        <source>with {name}</source>
        <translation>含{name}</translation>
    </message>
    <message>
        <source>digits</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>emoji</source>
        <translation>表情符号</translation>
    </message>
    <message>
        <source>combining marks</source>
        <translation>组合符号</translation>
    </message>
    <message>
        <source>private-use or unassigned characters</source>
        <translation>私用区或未分配字符</translation>
    </message>
    <message>
        <source>URLs</source>
        <translation>网址</translation>
    </message>
    <message>
        <source>email addresses</source>
        <translation>电子邮件地址</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>all documents</source>
        <translation>全部文档</translation>
    </message>
</context>
<context>
    <name>BudgetTable</name>
    <message>
        <source>Component</source>
        <translation>组成部分</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>message {index} · {role}</source>
        <translation>消息 {index} · {role}</translation>
    </message>
    <message>
        <source>tool definitions</source>
        <translation>工具定义</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>template text (role headers, separators, BOS)</source>
        <translation>模板文本（角色标头、分隔符、BOS）</translation>
    </message>
    <message>
        <source>generation prompt</source>
        <translation>生成提示</translation>
    </message>
    <message>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>context window</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>left in the window</source>
        <translation>窗口剩余</translation>
    </message>
    <message>
        <source>truncation at the window cuts, from character {start} (messages {messages})</source>
        <translation>在窗口处截断会切掉：从字符 {start} 起（消息 {messages}）</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>The tokenizer that encodes the rendered chat</source>
        <translation>为渲染后的对话编码的分词器</translation>
    </message>
    <message>
        <source>Load conversation…</source>
        <translation>加载对话…</translation>
    </message>
    <message>
        <source>Save conversation…</source>
        <translation>保存对话…</translation>
    </message>
    <message>
        <source>JSON: a list of messages, or {&quot;messages&quot;: [...], &quot;tools&quot;: [...], &quot;documents&quot;: [...]} (as tokbench chat takes)</source>
        <translation>JSON：消息列表，或 {&quot;messages&quot;: [...], &quot;tools&quot;: [...], &quot;documents&quot;: [...]}（与 tokbench chat 相同）</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Add generation prompt</source>
        <translation>添加生成提示</translation>
    </message>
    <message>
        <source>add_generation_prompt: end with the header that hands the turn to the assistant</source>
        <translation>add_generation_prompt：以把轮次交给助手的标头结尾</translation>
    </message>
    <message>
        <source>Continue final message</source>
        <translation>续写最后一条消息</translation>
    </message>
    <message>
        <source>continue_final_message: leave the last message open (no end-of-turn) so the model writes on in it</source>
        <translation>continue_final_message：最后一条消息保持开放（无轮次结束符），让模型接着写</translation>
    </message>
    <message>
        <source>Date for strftime_now</source>
        <translation>strftime_now 日期</translation>
    </message>
    <message>
        <source>Off: the template reads the clock; on: this date</source>
        <translation>关：模板读取当前时钟；开：使用此日期</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>A context window: the budget says what truncation at it would cut (0: none)</source>
        <translation>上下文窗口：预算表显示在此截断会切掉什么（0：无）</translation>
    </message>
    <message>
        <source>Context window</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Tool definitions (the tools argument), a JSON list</source>
        <translation>工具定义（tools 参数），JSON 列表</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Rendered text</source>
        <translation>渲染文本</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Injection</source>
        <translation>注入</translation>
    </message>
    <message>
        <source>Streaming</source>
        <translation>流式</translation>
    </message>
    <message>
        <source>Documents (the documents argument) for templates that read them (RAG), a JSON list</source>
        <translation>文档（documents 参数），供读取文档的模板（RAG）使用，JSON 列表</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Copy IDs</source>
        <translation>复制 ID</translation>
    </message>
    <message>
        <source>Copy the rendered chat&apos;s token IDs as a JSON list</source>
        <translation>将渲染后对话的词元 ID 复制为 JSON 列表</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>导出 JSON…</translation>
    </message>
    <message>
        <source>Save the whole report (text, tokens with their message and role, mask, budget, checks) as tokbench chat --json prints it</source>
        <translation>保存完整报告（文本、带消息与角色的词元、掩码、预算、检查项），格式与 tokbench chat --json 输出相同</translation>
    </message>
    <message>
        <source>tool definitions</source>
        <translation>工具定义</translation>
    </message>
    <message>
        <source>template text</source>
        <translation>模板文本</translation>
    </message>
    <message>
        <source>learned (assistant mask)</source>
        <translation>学习部分（助手掩码）</translation>
    </message>
    <message>
        <source>injected special-token literal</source>
        <translation>注入的特殊词元字面量</translation>
    </message>
    <message>
        <source>Could not open the template: {problem}</source>
        <translation>无法打开模板：{problem}</translation>
    </message>
    <message>
        <source>The tokenizer&apos;s chat template is unusable: {problem}</source>
        <translation>分词器的对话模板无法使用：{problem}</translation>
    </message>
    <message>
        <source>You are a helpful assistant.</source>
        <translation>你是一个乐于助人的助手。</translation>
    </message>
    <message>
        <source>What is the capital of France?</source>
        <translation>法国的首都是哪里？</translation>
    </message>
    <message>
        <source>The capital of France is Paris.</source>
        <translation>法国的首都是巴黎。</translation>
    </message>
    <message>
        <source>The conversation has edits that are not saved in a file. Save them?</source>
        <translation>对话有尚未保存到文件的编辑。要保存吗？</translation>
    </message>
    <message>
        <source>the conversation has no messages</source>
        <translation>对话中没有消息</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>each item must be a JSON object</source>
        <translation>每一项都必须是 JSON 对象</translation>
    </message>
    <message>
        <source>{field}: {problem}</source>
        <translation>{field}：{problem}</translation>
    </message>
    <message>
        <source>Could not load the conversation: {problem}</source>
        <translation>无法加载对话：{problem}</translation>
    </message>
    <message>
        <source>conversation from {name}</source>
        <translation>对话来自 {name}</translation>
    </message>
    <message>
        <source>Fix the conversation before saving: {problem}</source>
        <translation>请先修正对话再保存：{problem}</translation>
    </message>
    <message>
        <source>Could not save the conversation: {problem}</source>
        <translation>无法保存对话：{problem}</translation>
    </message>
    <message>
        <source>saved the conversation to {name}</source>
        <translation>已将对话保存到 {name}</translation>
    </message>
    <message>
        <source>Load a conversation</source>
        <translation>加载对话</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save the conversation</source>
        <translation>保存对话</translation>
    </message>
    <message>
        <source>Not rendered — {problem}</source>
        <translation>未渲染——{problem}</translation>
    </message>
    <message>
        <source>Checks ({n})</source>
        <translation>检查项（{n}）</translation>
    </message>
    <message>
        <source>Injection ({n})</source>
        <translation>注入（{n}）</translation>
    </message>
    <message>
        <source> (template line {line})</source>
        <translation>（模板第 {line} 行）</translation>
    </message>
    <message>
        <source>Template error — {type}: {message}{line}</source>
        <translation>模板错误——{type}: {message}{line}</translation>
    </message>
    <message>
        <source>&lt;i&gt;the template failed: the results below are from the last render that worked&lt;/i&gt;</source>
        <translation>&lt;i&gt;模板出错：下方结果来自上一次成功的渲染&lt;/i&gt;</translation>
    </message>
    <message>
        <source>{n} characters rendered in {ms} ms · &lt;i&gt;open a tokenizer to see its tokens&lt;/i&gt;</source>
        <translation>{ms} 毫秒渲染了 {n} 个字符 · &lt;i&gt;打开分词器即可查看词元&lt;/i&gt;</translation>
    </message>
    <message>
        <source>from the template&apos;s {% generation %} tags</source>
        <translation>来自模板的 {% generation %} 标签</translation>
    </message>
    <message>
        <source>from renders of successive prefixes</source>
        <translation>来自逐个前缀的渲染差异</translation>
    </message>
    <message>
        <source>&lt;b&gt;{n}&lt;/b&gt; tokens · &lt;b&gt;{learned}&lt;/b&gt; learned by the assistant mask ({source}) · {chars} characters · {ms} ms</source>
        <translation>&lt;b&gt;{n}&lt;/b&gt; 个词元 · 助手掩码学习 &lt;b&gt;{learned}&lt;/b&gt; 个（{source}）· {chars} 个字符 · {ms} 毫秒</translation>
    </message>
    <message>
        <source>no assistant turn could be located: this template renders earlier turns differently as the conversation grows (it moves the tools, say), so the renders of its prefixes do not line up</source>
        <translation>无法定位任何助手轮次：随着对话变长，此模板会以不同方式渲染先前的轮次（例如移动工具定义），因此各前缀的渲染结果对不上</translation>
    </message>
    <message>
        <source>chat: {n} tokens in {ms} ms</source>
        <translation>对话：{n} 个词元，{ms} 毫秒</translation>
    </message>
    <message>
        <source>copied {n} IDs</source>
        <translation>已复制 {n} 个 ID</translation>
    </message>
    <message>
        <source>Could not save the report: {problem}</source>
        <translation>无法保存报告：{problem}</translation>
    </message>
    <message>
        <source>saved the report to {name}</source>
        <translation>已将报告保存到 {name}</translation>
    </message>
    <message>
        <source>Export the chat report</source>
        <translation>导出对话报告</translation>
    </message>
</context>
<context>
    <name>ChatTokensView</name>
    <message>
        <source>The conversation&apos;s tokens show here once a tokenizer is open and its chat template renders</source>
        <translation>打开分词器且其对话模板渲染成功后，对话的词元将显示在这里</translation>
    </message>
    <message>
        <source>template text</source>
        <translation>模板文本</translation>
    </message>
    <message>
        <source>message {message} ({role})</source>
        <translation>消息 {message}（{role}）</translation>
    </message>
    <message>
        <source>assistant mask: learned</source>
        <translation>助手掩码：学习</translation>
    </message>
    <message>
        <source>assistant mask: not learned</source>
        <translation>助手掩码：不学习</translation>
    </message>
    <message>
        <source>#{index} · ID {id} · {piece}
{who} · characters {start}–{end}
{mask}</source>
        <translation>#{index} · ID {id} · {piece}
{who} · 字符 {start}–{end}
{mask}</translation>
    </message>
    <message>
        <source>a special-token literal written into the content</source>
        <translation>写进内容里的特殊词元字面量</translation>
    </message>
</context>
<context>
    <name>CheckList</name>
    <message>
        <source>Click to show the tokens it names</source>
        <translation>点击以显示它指出的词元</translation>
    </message>
    <message>
        <source>✔ no problem found</source>
        <translation>✔ 未发现问题</translation>
    </message>
</context>
<context>
    <name>CompareColumn</name>
    <message>
        <source>round-trips</source>
        <translation>往返一致</translation>
    </message>
    <message>
        <source>does not round-trip</source>
        <translation>往返不一致</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;{n}&lt;/b&gt; token(s) · {bpt} bytes/token&lt;br&gt;{tpc} tokens/char · {trip}</source>
        <translation>
            <numerusform>&lt;b&gt;{n}&lt;/b&gt; 个词元 · {bpt} 字节/词元&lt;br&gt;{tpc} 词元/字符 · {trip}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} token(s) where the cuts differ</source>
        <translation>
            <numerusform>{n} 个词元处切分不同</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message>
        <source>Tokenizers to compare</source>
        <translation>要对比的分词器</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#d32f2f&apos;&gt;Red wavy line&lt;/span&gt; under a token: a place where the tokenizers cut the text differently.</source>
        <translation>词元下的&lt;span style=&apos;color:#d32f2f&apos;&gt;红色波浪线&lt;/span&gt;：各分词器在此处对文本的切分不同。</translation>
    </message>
    <message>
        <source>Tokenizations compared</source>
        <translation>对比的分词结果</translation>
    </message>
    <message numerus="yes">
        <source>Tick up to {n} tokenizer(s).</source>
        <translation>
            <numerusform>最多勾选 {n} 个分词器。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At most {n} side by side.</source>
        <translation>
            <numerusform>最多并排显示 {n} 个。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusPane</name>
    <message>
        <source>Add files…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>…or type a path, folder or glob (data/**/*.jsonl.gz) and press Enter</source>
        <translation>…或输入路径、文件夹或通配符（data/**/*.jsonl.gz）后按回车</translation>
    </message>
    <message>
        <source>strict: stop at the first invalid UTF-8</source>
        <translation>strict：遇到第一处无效 UTF-8 即停止</translation>
    </message>
    <message>
        <source>replace: use U+FFFD and list the lines</source>
        <translation>replace：替换为 U+FFFD 并列出所在行</translation>
    </message>
    <message>
        <source>What to do with bytes that are not valid UTF-8</source>
        <translation>如何处理不是有效 UTF-8 的字节</translation>
    </message>
    <message>
        <source>Drop exact duplicates</source>
        <translation>去除完全重复</translation>
    </message>
    <message>
        <source>Repeated documents skew merge counts (they are counted and reported either way). Off, a word written on five lines counts five times, as in the seeds&apos; worked examples. This is the training config&apos;s &apos;deduplicate&apos;.</source>
        <translation>重复的文档会使合并计数失真（无论是否去除，都会计数并报告）。关闭时，写在五行里的同一个词计五次，与种子示例中的做法相同。此项即训练配置中的“deduplicate”。</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <source>Read the whole corpus again (done automatically after every change)</source>
        <translation>重新读取整个语料（每次更改后会自动进行）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop reading the corpus</source>
        <translation>停止读取语料</translation>
    </message>
    <message>
        <source>Invalid UTF-8</source>
        <translation>无效 UTF-8</translation>
    </message>
    <message>
        <source>Corpus sources</source>
        <translation>语料来源</translation>
    </message>
    <message>
        <source>No sources yet. Add text, JSONL, CSV/TSV files or folders (.gz/.xz/.bz2 too), or drop them here.</source>
        <translation>尚无来源。请添加文本、JSONL、CSV/TSV 文件或文件夹（也支持 .gz/.xz/.bz2），或将其拖放到这里。</translation>
    </message>
    <message>
        <source>Select a source to see its first documents</source>
        <translation>选择一个来源以查看其开头的文档</translation>
    </message>
    <message>
        <source>Preview: first documents</source>
        <translation>预览：开头的文档</translation>
    </message>
    <message>
        <source>Per source</source>
        <translation>按来源</translation>
    </message>
    <message>
        <source>Per language</source>
        <translation>按语言</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>What</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Bad input</source>
        <translation>错误输入</translation>
    </message>
    <message numerus="yes">
        <source>checking %n file(s)…</source>
        <translation>
            <numerusform>正在检查 %n 个文件…</numerusform>
        </translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Add corpus files</source>
        <translation>添加语料文件</translation>
    </message>
    <message>
        <source>Text corpora (*.txt *.text *.md *.jsonl *.json *.csv *.tsv *.gz *.xz *.bz2);;All files (*)</source>
        <translation>文本语料 (*.txt *.text *.md *.jsonl *.json *.csv *.tsv *.gz *.xz *.bz2);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Add every file of a folder</source>
        <translation>添加文件夹中的所有文件</translation>
    </message>
    <message numerus="yes">
        <source>added %n source(s)</source>
        <translation>
            <numerusform>已添加 %n 个来源</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more</source>
        <translation>
            <numerusform>…另有 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Not added:&lt;/b&gt;{list}</source>
        <translation>&lt;b&gt;未添加：&lt;/b&gt;{list}</translation>
    </message>
    <message>
        <source>Preview: first documents of {name}</source>
        <translation>预览：{name} 开头的文档</translation>
    </message>
    <message>
        <source>{text}… ({count} more characters)</source>
        <translation>{text}…（还有 {count} 个字符）</translation>
    </message>
    <message>
        <source>(no documents)</source>
        <translation>（没有文档）</translation>
    </message>
    <message>
        <source>statistics stopped</source>
        <translation>统计已停止</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} / {total}</translation>
    </message>
    <message>
        <source>corpus statistics ready</source>
        <translation>语料统计已完成</translation>
    </message>
    <message>
        <source>corpus reading stopped at bad input</source>
        <translation>语料读取在错误输入处停止</translation>
    </message>
    <message>
        <source>&lt;b&gt;File&lt;/b&gt; {name}</source>
        <translation>&lt;b&gt;文件&lt;/b&gt; {name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;line&lt;/b&gt; {line}</source>
        <translation>&lt;b&gt;第&lt;/b&gt; {line} &lt;b&gt;行&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;byte&lt;/b&gt; {offset}</source>
        <translation>&lt;b&gt;字节&lt;/b&gt; {offset}</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b3261e&apos;&gt;&lt;b&gt;Reading stopped.&lt;/b&gt;&lt;/span&gt; </source>
        <translation>&lt;span style=&apos;color:#b3261e&apos;&gt;&lt;b&gt;读取已停止。&lt;/b&gt;&lt;/span&gt; </translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#1e7d32&apos;&gt;✔ all input is valid UTF-8&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#1e7d32&apos;&gt;✔ 所有输入均为有效 UTF-8&lt;/span&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; line(s) with invalid UTF-8 were replaced (policy &lt;i&gt;replace&lt;/i&gt;); the first ones are listed below.</source>
        <translation>
            <numerusform>已替换 &lt;b&gt;%n&lt;/b&gt; 行无效 UTF-8（策略 &lt;i&gt;replace&lt;/i&gt;）；下方列出最先出现的几行。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n 个来源</numerusform>
        </translation>
    </message>
    <message>
        <source>invalid UTF-8 stops</source>
        <translation>遇无效 UTF-8 即停止</translation>
    </message>
    <message>
        <source>invalid UTF-8 replaced</source>
        <translation>无效 UTF-8 已替换</translation>
    </message>
    <message>
        <source>duplicates kept</source>
        <translation>保留重复</translation>
    </message>
    <message>
        <source>&lt;i&gt;The corpus is empty.&lt;/i&gt;</source>
        <translation>&lt;i&gt;语料为空。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>untagged</source>
        <translation>未标注</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; source(s) · &lt;b&gt;{size}&lt;/b&gt; on disk · languages: {languages}</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; 个来源 · 磁盘上 &lt;b&gt;{size}&lt;/b&gt; · 语言：{languages}</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>{count} exact duplicates dropped</source>
        <translation>已去除 {count} 个完全重复</translation>
    </message>
    <message>
        <source>duplicates kept (not counted)</source>
        <translation>保留重复（未统计）</translation>
    </message>
    <message>
        <source>&lt;b&gt;{documents}&lt;/b&gt; documents kept · {duplicates} · {blank} blank</source>
        <translation>保留 &lt;b&gt;{documents}&lt;/b&gt; 个文档 · {duplicates} · {blank} 个空白</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b3261e&apos;&gt;Reading stopped at bad input (see below): the figures cover what came before it.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b3261e&apos;&gt;读取在错误输入处停止（见下方）：以上数字只涵盖其之前的内容。&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>CorpusSourcesModel</name>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>领域</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Language tag (statistics are grouped by it); double-click to edit</source>
        <translation>语言标签（统计按它分组）；双击编辑</translation>
    </message>
    <message>
        <source>Domain tag (news, code, chat…); double-click to edit</source>
        <translation>领域标签（新闻、代码、对话…）；双击编辑</translation>
    </message>
    <message>
        <source>Sampling weight; double-click to edit</source>
        <translation>采样权重；双击编辑</translation>
    </message>
    <message>
        <source> · col {column}</source>
        <translation> · 第 {column} 列</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
</context>
<context>
    <name>CorpusStatsModel</name>
    <message>
        <source>Documents</source>
        <translation>文档数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>Code points</source>
        <translation>码位数</translation>
    </message>
    <message>
        <source>Graphemes</source>
        <translation>字素簇数</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>To training</source>
        <translation>进入训练</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message numerus="yes">
        <source>%Ln byte(s) go to training: each source&apos;s documents times its sampling weight</source>
        <translation>
            <numerusform>%Ln 字节进入训练：每个来源的文档乘以其采样权重</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln byte(s)</source>
        <translation>
            <numerusform>%Ln 字节</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Describe</name>
    <message>
        <source>byte-level BPE (tokenizer.json)</source>
        <translation>字节级 BPE（tokenizer.json）</translation>
    </message>
    <message>
        <source>byte-level BPE (tiktoken ranks)</source>
        <translation>字节级 BPE（tiktoken 排名）</translation>
    </message>
    <message>
        <source>BPE (separate &lt;/w&gt; symbol)</source>
        <translation>BPE（独立的 &lt;/w&gt; 符号）</translation>
    </message>
    <message>
        <source>{label} (bundle)</source>
        <translation>{label}（打包文件）</translation>
    </message>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>added</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>control</source>
        <translation>控制</translation>
    </message>
    <message>
        <source>user_defined</source>
        <translation>用户定义</translation>
    </message>
    <message>
        <source>unk</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>vocabulary</source>
        <comment>special-token kind</comment>
        <translation>词表条目</translation>
    </message>
    <message>
        <source>chat role</source>
        <translation>对话角色</translation>
    </message>
    <message>
        <source>end of turn</source>
        <translation>轮次结束</translation>
    </message>
    <message>
        <source>end of message</source>
        <translation>消息结束</translation>
    </message>
    <message>
        <source>tool</source>
        <comment>special-token role</comment>
        <translation>工具</translation>
    </message>
    <message>
        <source>image placeholder</source>
        <translation>图像占位符</translation>
    </message>
    <message>
        <source>guessed from the string</source>
        <translation>根据字符串推测</translation>
    </message>
    <message>
        <source>SentencePiece piece type</source>
        <translation>SentencePiece 片段类型</translation>
    </message>
    <message>
        <source>user-given special tokens</source>
        <translation>用户给定的特殊词元</translation>
    </message>
    <message>
        <source>GGUF token type</source>
        <translation>GGUF 词元类型</translation>
    </message>
    <message>
        <source>Tekken special tokens</source>
        <translation>Tekken 特殊词元</translation>
    </message>
    <message>
        <source>tiktoken preset {name}</source>
        <translation>tiktoken 预设 {name}</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>runtime</source>
        <translation>运行时</translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>merges</source>
        <translation>合并规则</translation>
    </message>
    <message>
        <source>normalizer</source>
        <translation>规范化器</translation>
    </message>
    <message>
        <source>pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <source>post-processor</source>
        <translation>后处理器</translation>
    </message>
    <message>
        <source>decoder</source>
        <translation>解码器</translation>
    </message>
    <message>
        <source>special tokens</source>
        <translation>特殊词元</translation>
    </message>
    <message>
        <source>dummy prefix</source>
        <translation>虚拟前缀</translation>
    </message>
    <message>
        <source>preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>bundle</source>
        <translation>打包文件</translation>
    </message>
    <message>
        <source>configs</source>
        <translation>配置文件</translation>
    </message>
    <message>
        <source>chat template</source>
        <translation>聊天模板</translation>
    </message>
    <message>
        <source>fingerprint</source>
        <translation>指纹</translation>
    </message>
    <message>
        <source>architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>model name</source>
        <translation>模型名称</translation>
    </message>
    <message>
        <source>embedding rows</source>
        <translation>嵌入行数</translation>
    </message>
    <message>
        <source>context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>GGUF header</source>
        <translation>GGUF 文件头</translation>
    </message>
    <message>
        <source>Tekken version</source>
        <translation>Tekken 版本</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>converted from</source>
        <translation>转换自</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>byte-level BPE (ranks)</source>
        <translation>字节级 BPE（排名）</translation>
    </message>
    <message>
        <source>BPE, separate &lt;/w&gt; symbol (reference encoder)</source>
        <translation>BPE，独立的 &lt;/w&gt; 符号（参考编码器）</translation>
    </message>
    <message>
        <source>{control} control, {user} user-defined</source>
        <translation>{control} 个控制符号，{user} 个用户定义符号</translation>
    </message>
    <message>
        <source>behaviour {behaviour} · vocabulary {vocabulary}</source>
        <translation>行为 {behaviour} · 词表 {vocabulary}</translation>
    </message>
    <message>
        <source>{model} + byte fallback</source>
        <translation>{model} + 字节回退</translation>
    </message>
    <message>
        <source>none (a vocab-only file)</source>
        <translation>无（仅含词表的文件）</translation>
    </message>
    <message>
        <source>{rows} (= vocabulary, from {source})</source>
        <translation>{rows}（= 词表，来自 {source}）</translation>
    </message>
    <message>
        <source>{rows} (vocabulary {sign} {difference}, from {source})</source>
        <translation>{rows}（词表 {sign} {difference}，来自 {source}）</translation>
    </message>
    <message>
        <source>{files} (from the GGUF metadata)</source>
        <translation>{files}（来自 GGUF 元数据）</translation>
    </message>
    <message>
        <source>version {version}, {keys} keys, {tensors} tensors, {size} bytes</source>
        <translation>版本 {version}，{keys} 个键，{tensors} 个张量，{size} 字节</translation>
    </message>
    <message>
        <source>byte-level BPE (Tekken ranks)</source>
        <translation>字节级 BPE（Tekken 排名）</translation>
    </message>
    <message>
        <source>{count} (IDs 0–{last}, {named} named)</source>
        <translation>{count}（ID 0–{last}，{named} 个有名称）</translation>
    </message>
    <message>
        <source>{used} of {listed} listed, ID = rank + {offset}</source>
        <translation>用了列出的 {listed} 个中的 {used} 个，ID = 排名 + {offset}</translation>
    </message>
    <message numerus="yes">
        <source>{name} v{version}, %n file(s) verified, created {created}</source>
        <translation>
            <numerusform>{name} v{version}，已校验 %n 个文件，创建于 {created}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s)</source>
        <translation>
            <numerusform>%Ln 个字符</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiagnosticsChart</name>
    <message>
        <source>Run the diagnostics to see this chart</source>
        <translation>运行诊断后显示此图表</translation>
    </message>
</context>
<context>
    <name>DiagnosticsPane</name>
    <message>
        <source>Out of date — the tokenizers, the corpus or the settings changed since this run. Run again (Run).</source>
        <translation>已过期——自这次运行以来分词器、语料或设置已改变。请重新运行（运行）。</translation>
    </message>
    <message>
        <source>Tokenizers (up to {n})</source>
        <translation>分词器（最多 {n} 个）</translation>
    </message>
    <message>
        <source>Tokenizers to diagnose</source>
        <translation>要诊断的分词器</translation>
    </message>
    <message>
        <source>Parallel folder:</source>
        <translation>平行语料文件夹：</translation>
    </message>
    <message>
        <source>A folder with one file per language, named by its code (eng_Latn.dev, zho_Hans.txt, pt_BR.txt), or a TSV with a language per column: line n of every file is a translation of line n</source>
        <translation>每种语言一个文件、以语言代码命名的文件夹（eng_Latn.dev、zho_Hans.txt、pt_BR.txt），或每列一种语言的 TSV：每个文件的第 n 行是彼此第 n 行的译文</translation>
    </message>
    <message>
        <source>folder or TSV of parallel text</source>
        <translation>平行语料的文件夹或 TSV</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>The language premiums are measured against</source>
        <translation>计算溢价时作为基准的语言</translation>
    </message>
    <message>
        <source>Align by the shortest file</source>
        <translation>按最短的文件对齐</translation>
    </message>
    <message>
        <source>Files with different line counts are refused unless this is on (then only the lines all files have count)</source>
        <translation>行数不同的文件会被拒绝，除非勾选此项（此时只统计所有文件都有的行）</translation>
    </message>
    <message>
        <source>The languages to measure (the pivot always is)</source>
        <translation>要统计的语言（基准语言总会统计）</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>Pivot:</source>
        <translation>基准语言：</translation>
    </message>
    <message>
        <source>Languages:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>A context window: the share of documents it would truncate, the template&apos;s tokens included</source>
        <translation>上下文窗口：会被截断的文档比例（含模板词元）</translation>
    </message>
    <message>
        <source>no chat template</source>
        <translation>无对话模板</translation>
    </message>
    <message>
        <source>each tokenizer&apos;s own</source>
        <translation>各分词器自带的模板</translation>
    </message>
    <message>
        <source>From file…</source>
        <translation>从文件…</translation>
    </message>
    <message>
        <source>Bootstrap resamples for the premium&apos;s 95% interval (seed 0: the same intervals every run)</source>
        <translation>溢价 95% 区间的自助法重采样次数（种子 0：每次运行区间相同）</translation>
    </message>
    <message>
        <source>Round trip</source>
        <translation>往返</translation>
    </message>
    <message>
        <source>Also decode every document and count those that do not come back as they were</source>
        <translation>同时解码每个文档，统计无法还原为原文的文档</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the run; the last results stay shown</source>
        <translation>停止本次运行；仍显示上次的结果</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>HTML report…</source>
        <translation>HTML 报告…</translation>
    </message>
    <message>
        <source>JSON…</source>
        <translation>JSON…</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Copy table as TSV</source>
        <translation>以 TSV 复制表格</translation>
    </message>
    <message>
        <source>Context window:</source>
        <translation>上下文窗口：</translation>
    </message>
    <message>
        <source>Template:</source>
        <translation>模板：</translation>
    </message>
    <message>
        <source>Bootstrap:</source>
        <translation>自助法：</translation>
    </message>
    <message>
        <source>Premium</source>
        <translation>溢价</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Tokens per byte</source>
        <translation>每字节词元数</translation>
    </message>
    <message>
        <source>Lengths</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Vocabulary use</source>
        <translation>词表使用</translation>
    </message>
    <message>
        <source>Diagnostics table</source>
        <translation>诊断表</translation>
    </message>
    <message>
        <source>Choose a row or a bar to see its documents</source>
        <translation>选择一行或一个条形以查看其文档</translation>
    </message>
    <message>
        <source>Longest documents</source>
        <translation>最长的文档</translation>
    </message>
    <message>
        <source>Most tokens per character</source>
        <translation>每字符词元最多的文档</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Tokens of the document</source>
        <translation>文档的词元</translation>
    </message>
    <message>
        <source>The Corpus pane&apos;s sources ({n})</source>
        <translation>语料面板的来源（{n}）</translation>
    </message>
    <message>
        <source>Parallel folder</source>
        <translation>平行语料文件夹</translation>
    </message>
    <message>
        <source>{checked} of {total}</source>
        <translation>{checked} / {total}</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <source>Templates (*.jinja *.json);;All files (*)</source>
        <translation>模板 (*.jinja *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>no parallel folder</source>
        <translation>未选平行语料文件夹</translation>
    </message>
    <message numerus="yes">
        <source>%n tokenizer(s)</source>
        <translation>
            <numerusform>%n 个分词器</numerusform>
        </translation>
    </message>
    <message>
        <source>context window {n}</source>
        <translation>上下文窗口 {n}</translation>
    </message>
    <message>
        <source>Choose at most {n} tokenizers</source>
        <translation>最多选择 {n} 个分词器</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>读取中…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>{done} of {total} MB, about {left} s left</source>
        <translation>{done} / {total} MB，约剩 {left} 秒</translation>
    </message>
    <message>
        <source>Stopped; the last results stay shown</source>
        <translation>已停止；仍显示上次的结果</translation>
    </message>
    <message>
        <source>Done in {seconds} s</source>
        <translation>用时 {seconds} 秒完成</translation>
    </message>
    <message>
        <source>Diagnostics of {n} tokenizer(s) done</source>
        <translation>{n} 个分词器的诊断已完成</translation>
    </message>
    <message>
        <source>Premium per language (pivot {pivot})</source>
        <translation>各语言的溢价（基准 {pivot}）</translation>
    </message>
    <message>
        <source>tokens / pivot&apos;s tokens (95% interval)</source>
        <translation>词元数 / 基准语言词元数（95% 区间）</translation>
    </message>
    <message>
        <source>Premium ranking</source>
        <translation>溢价排名</translation>
    </message>
    <message>
        <source>tokens per UTF-8 byte</source>
        <translation>每 UTF-8 字节的词元数</translation>
    </message>
    <message>
        <source>most used ids (k)</source>
        <translation>最常用的 ID（前 k 个）</translation>
    </message>
    <message>
        <source>share of all tokens</source>
        <translation>占全部词元的比例</translation>
    </message>
    <message>
        <source>Length distribution · {bucket}</source>
        <translation>长度分布 · {bucket}</translation>
    </message>
    <message>
        <source>tokens per document</source>
        <translation>每个文档的词元数</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>{tokenizer} · {bucket}</source>
        <translation>{tokenizer} · {bucket}</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} 个词元</translation>
    </message>
    <message>
        <source>{r} tokens per character</source>
        <translation>每字符 {r} 个词元</translation>
    </message>
    <message>
        <source>{value} · {source} #{document}: {start}</source>
        <translation>{value} · {source} #{document}：{start}</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML 页面 (*.html)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export the report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Cannot write {path}: {reason}</source>
        <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>Report written to {path}</source>
        <translation>报告已写入 {path}</translation>
    </message>
</context>
<context>
    <name>DiffPane</name>
    <message>
        <source>A (old)</source>
        <translation>A（旧）</translation>
    </message>
    <message>
        <source>B (new)</source>
        <translation>B（新）</translation>
    </message>
    <message>
        <source>⇄ Swap</source>
        <translation>⇄ 交换</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Choose two tokenizers and press Compare. The Corpus pane&apos;s sources, if any, are compared too.</source>
        <translation>选择两个分词器并点击“对比”。语料面板中的来源（如有）也会一并对比。</translation>
    </message>
    <message>
        <source>Out of date — the tokenizers or the corpus changed since this comparison. Run again (Compare).</source>
        <translation>已过期——自这次比较以来分词器或语料已改变。请重新运行（对比）。</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Pipeline and merges</source>
        <translation>流程与合并规则</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <source>Migration</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation>行为</translation>
    </message>
    <message>
        <source>Golden samples</source>
        <translation>黄金样本</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>导出 JSON…</translation>
    </message>
    <message>
        <source>Export HTML…</source>
        <translation>导出 HTML…</translation>
    </message>
    <message>
        <source>Jump to a piece (as A or B spells it)</source>
        <translation>跳转到片段（按 A 或 B 的写法）</translation>
    </message>
    <message>
        <source>Vocabulary differences</source>
        <translation>词表差异</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>input embedding and output head tied</source>
        <translation>输入 Embedding 与输出头绑定</translation>
    </message>
    <message>
        <source>Save row map…</source>
        <translation>保存行映射…</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在对比…</translation>
    </message>
    <message>
        <source>{n} of {total} golden samples of A get other IDs on B.</source>
        <translation>A 的 {total} 个黄金样本中有 {n} 个在 B 上得到不同的 ID。</translation>
    </message>
    <message>
        <source>{n} more differ only in other fields (offsets, decoding, normalization).</source>
        <translation>另有 {n} 个仅在其他字段（偏移、解码、规范化）上不同。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the comparison</source>
        <translation>停止对比</translation>
    </message>
    <message>
        <source>Comparison stopped</source>
        <translation>对比已停止</translation>
    </message>
    <message>
        <source>Compared: {verdict}</source>
        <translation>对比完成：{verdict}</translation>
    </message>
    <message>
        <source>identical</source>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>append-only compatible</source>
        <translation>仅追加兼容</translation>
    </message>
    <message>
        <source>breaking</source>
        <translation>不兼容</translation>
    </message>
    <message>
        <source>{rows} rows to initialize: IDs whose piece is new to them, which need new vectors ({appended} appended, {repurposed} in IDs the old vocabulary used).</source>
        <translation>需初始化 {rows} 行：这些 ID 对应的片段对它们是新的，需要新的向量（追加 {appended} 行，{repurposed} 行位于旧词表用过的 ID）。</translation>
    </message>
    <message>
        <source>Vocabulary {old} → {new} (compared by {basis}): {same} kept with their ID</source>
        <translation>词表 {old} → {new}（按{basis}比较）：{same} 个保留原 ID</translation>
    </message>
    <message>
        <source>Most changed texts: A&apos;s tokens over B&apos;s (hover a token for its ID)</source>
        <translation>变化最大的文本：A 的词元在上、B 的在下（悬停词元可见其 ID）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>A (old) {a} ⇄ B (new) {b}</source>
        <translation>A（旧）{a} ⇄ B（新）{b}</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>piece text</source>
        <translation>片段文本</translation>
    </message>
    <message>
        <source>bytes, across families</source>
        <translation>字节（跨类型）</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已改变</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>shown, not compared (different runtimes)</source>
        <translation>仅展示，未比较（运行时不同）</translation>
    </message>
    <message>
        <source>merges: {old} → {new}; {added} added, {removed} removed, {reranked} re-ranked, {unreachable} kept pieces made unreachable</source>
        <translation>合并规则：{old} → {new}；新增 {added}，删除 {removed}，重排 {reranked}，{unreachable} 个保留片段变得不可达</translation>
    </message>
    <message>
        <source>merges: not compared ({why})</source>
        <translation>合并规则：未比较（{why}）</translation>
    </message>
    <message>
        <source>note: {note}</source>
        <translation>说明：{note}</translation>
    </message>
    <message>
        <source>Neither tokenizer has a chat template.</source>
        <translation>两个分词器都没有对话模板。</translation>
    </message>
    <message>
        <source>The chat templates are the same.</source>
        <translation>两个对话模板相同。</translation>
    </message>
    <message>
        <source>Constant offset: every kept row from ID {start} on moved by {offset}; remap the rows by slicing.</source>
        <translation>固定偏移：从 ID {start} 起每个保留行都移动了 {offset}；按切片重排各行即可。</translation>
    </message>
    <message>
        <source>Nothing to do: every piece keeps its row.</source>
        <translation>无需处理：每个片段都保留原行。</translation>
    </message>
    <message>
        <source>Append rows: every old piece keeps its row; add rows for the new pieces.</source>
        <translation>追加行：每个旧片段保留原行；为新片段追加行。</translation>
    </message>
    <message>
        <source>Reinitialize rows: every kept piece keeps its row; the IDs that now hold another piece need new vectors (their rows were learned for the old pieces).</source>
        <translation>重新初始化行：每个保留片段保持原行；现在对应另一个片段的 ID 需要新的向量（这些行是为旧片段学习的）。</translation>
    </message>
    <message>
        <source>Row map: copy each kept piece&apos;s row to its new ID (save the map below); the rest are new rows.</source>
        <translation>行映射：把每个保留片段的行复制到其新 ID（可在下方保存映射）；其余为新行。</translation>
    </message>
    <message>
        <source>No piece is kept: the embedding has to be learned anew.</source>
        <translation>没有保留任何片段：Embedding 需要重新学习。</translation>
    </message>
    <message>
        <source>No config.json gave the model&apos;s hidden size, dtype or tying: the values above are defaults; edit them.</source>
        <translation>没有 config.json 给出模型的隐藏维度、数据类型或是否绑定：上面是默认值，请按需修改。</translation>
    </message>
    <message>
        <source>Embedding rows {old} → {new}: {rows} rows added × {hidden} × {bytes} bytes = {tied} MiB for one matrix; {untied} MiB when the output head is untied. With these settings: {mib} MiB.</source>
        <translation>Embedding 行数 {old} → {new}：新增 {rows} 行 × {hidden} × {bytes} 字节 = 单个矩阵 {tied} MiB；输出头不绑定时为 {untied} MiB。按当前设置：{mib} MiB。</translation>
    </message>
    <message>
        <source>No texts compared.</source>
        <translation>没有对比任何文本。</translation>
    </message>
    <message>
        <source>{texts} texts (the golden set and the Corpus pane&apos;s sources): IDs differ in {ids}, token strings in {tokens}; tokens new/old {ratio}. Where the tokens changed, the pre-tokens differ too in {pre} of {checked} texts checked.</source>
        <translation>{texts} 条文本（黄金样本与语料面板的来源）：ID 不同的占 {ids}，词元字符串不同的占 {tokens}；词元数 新/旧 = {ratio}。在词元改变的文本中，抽查的 {checked} 条里有 {pre} 条的预分词单元也不同。</translation>
    </message>
    <message>
        <source>The old model behind the new pre-tokenizer gives the new tokens in {regex} of them (the regex explains those); the new model behind the old pre-tokenizer in {model}.</source>
        <translation>旧模型配新预分词器时，其中 {regex} 条得到新的词元（这些由正则解释）；新模型配旧预分词器时为 {model} 条。</translation>
    </message>
    <message>
        <source>All {n} golden samples of A give the same fields on B.</source>
        <translation>A 的全部 {n} 个黄金样本在 B 上各字段都相同。</translation>
    </message>
    <message>
        <source>The vocabularies differ (fingerprints {a} and {b}).</source>
        <translation>两个词表不同（指纹 {a} 与 {b}）。</translation>
    </message>
    <message>
        <source>not in A or B</source>
        <translation>A 和 B 中都没有</translation>
    </message>
    <message>
        <source>A: {a} · B: {b}</source>
        <translation>A：{a} · B：{b}</translation>
    </message>
    <message>
        <source>Export the diff as JSON</source>
        <translation>将对比结果导出为 JSON</translation>
    </message>
    <message>
        <source>Export the diff as a web page</source>
        <translation>将对比结果导出为网页</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <source>Save the row map</source>
        <translation>保存行映射</translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <source>Something went wrong</source>
        <translation>出错了</translation>
    </message>
    <message>
        <source>The workbench hit an unexpected problem and kept running:
{problem}</source>
        <translation>工作台遇到意外问题，但仍在运行：
{problem}</translation>
    </message>
</context>
<context>
    <name>ExplainView</name>
    <message>
        <source>special token</source>
        <translation>特殊词元</translation>
    </message>
    <message>
        <source>whole pre-token</source>
        <translation>整个预分词单元</translation>
    </message>
    <message>
        <source>BPE merges</source>
        <translation>BPE 合并</translation>
    </message>
    <message>
        <source>WordPiece matches</source>
        <translation>WordPiece 匹配</translation>
    </message>
    <message>
        <source>Unigram lattice</source>
        <translation>Unigram 词格</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>单词</translation>
    </message>
    <message>
        <source>Steps of the chosen word</source>
        <translation>所选单词的步骤</translation>
    </message>
    <message>
        <source>Lattice</source>
        <translation>词格</translation>
    </message>
    <message>
        <source>Every vocabulary piece starting at each character</source>
        <translation>每个字符处开始的全部词表片段</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lattice&lt;/b&gt; — every vocabulary piece starting at each character; &lt;span style=&apos;color:#2e7d32&apos;&gt;green: the Viterbi path&lt;/span&gt;, &lt;span style=&apos;color:#b3261e&apos;&gt;red: unknown&lt;/span&gt;; the number is the piece&apos;s log-score</source>
        <translation>&lt;b&gt;词格&lt;/b&gt; — 从每个字符开始的所有词表片段；&lt;span style=&apos;color:#2e7d32&apos;&gt;绿色：维特比路径&lt;/span&gt;，&lt;span style=&apos;color:#b3261e&apos;&gt;红色：未知&lt;/span&gt;；数字是片段的对数分数</translation>
    </message>
    <message>
        <source>Open a tokenizer and type some text to see why it splits so.</source>
        <translation>打开一个分词器并输入文本，查看它为何这样切分。</translation>
    </message>
    <message>
        <source>Explaining…</source>
        <translation>正在解释…</translation>
    </message>
    <message>
        <source>✘ the explainer failed: {message}</source>
        <translation>✘ 解释器出错：{message}</translation>
    </message>
    <message>
        <source>Open a tokenizer to see why a text splits so.</source>
        <translation>打开一个分词器，查看文本为何这样切分。</translation>
    </message>
    <message>
        <source>This tokenizer cannot be explained: {reason}</source>
        <translation>无法解释此分词器：{reason}</translation>
    </message>
    <message numerus="yes">
        <source>✔ explainer matches runtime: %n token(s)</source>
        <translation>
            <numerusform>✔ 解释器与运行时一致：%n 个词元</numerusform>
        </translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>✘ explainer and runtime differ — first difference at token {index}: explainer {ours} vs runtime {theirs}</source>
        <translation>✘ 解释器与运行时结果不同 — 第一处差异在词元 {index}：解释器为 {ours}，运行时为 {theirs}</translation>
    </message>
    <message>
        <source>IDs compared without the post-processor&apos;s tokens (BOS, [CLS]…)</source>
        <translation>比较 ID 时不含后处理器添加的词元（BOS、[CLS]…）</translation>
    </message>
    <message>
        <source>&lt;E4 BD&gt; = UTF-8 bytes that are not a whole character yet</source>
        <translation>&lt;E4 BD&gt; = 尚未构成完整字符的 UTF-8 字节</translation>
    </message>
    <message>
        <source> · characters {start}–{end}</source>
        <translation> · 字符 {start}–{end}</translation>
    </message>
    <message>
        <source>ids {ids}</source>
        <translation>ID {ids}</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;{how}&lt;/b&gt; of {text}{span}&lt;br&gt;→ &lt;b&gt;%n token(s)&lt;/b&gt;: {tokens} &amp;nbsp;{ids}</source>
        <translation>
            <numerusform>&lt;b&gt;{how}&lt;/b&gt;：{text}{span}&lt;br&gt;→ &lt;b&gt;%n 个词元&lt;/b&gt;：{tokens} &amp;nbsp;{ids}</numerusform>
        </translation>
    </message>
    <message>
        <source>start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>then</source>
        <translation>然后</translation>
    </message>
    <message>
        <source>unknown → bytes</source>
        <translation>未知 → 字节</translation>
    </message>
    <message>
        <source>unknown → unknown token</source>
        <translation>未知 → 未知词元</translation>
    </message>
    <message>
        <source>piece id</source>
        <translation>片段 ID</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>the pair whose merged piece has the highest score merges first</source>
        <translation>合并后片段分数最高的一对先合并</translation>
    </message>
    <message>
        <source>the pair with the lowest merge rank merges first</source>
        <translation>合并排名最靠前（rank 最小）的一对先合并</translation>
    </message>
    <message>
        <source>&lt;b&gt;Merges in rank order&lt;/b&gt; — {how}; then the next, until no pair can merge</source>
        <translation>&lt;b&gt;按排名顺序合并&lt;/b&gt; — {how}；然后是下一对，直到没有可合并的一对</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>symbols after</source>
        <translation>合并后的符号</translation>
    </message>
    <message>
        <source>no vocabulary entry starts here</source>
        <translation>没有以此处开头的词表条目</translation>
    </message>
    <message>
        <source>longest match</source>
        <translation>最长匹配</translation>
    </message>
    <message>
        <source>→ the whole word is unknown</source>
        <translation>→ 整个词为未知</translation>
    </message>
    <message>
        <source>&lt;b&gt;Greedy longest-match-first&lt;/b&gt; — at each position the longest vocabulary entry (## = continues a word)</source>
        <translation>&lt;b&gt;贪心最长匹配优先&lt;/b&gt; — 在每个位置取最长的词表条目（## = 接续一个词）</translation>
    </message>
    <message>
        <source>characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>match</source>
        <translation>匹配</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n best segmentation(s)&lt;/b&gt; — P(all) = exp(score − log Z), Z summed over all segmentations by the forward algorithm; share = among these n-best only</source>
        <translation>
            <numerusform>&lt;b&gt;%n 个最佳切分&lt;/b&gt; — P(all) = exp(分数 − log Z)，Z 由前向算法对所有切分求和；占比 = 仅在这 n 个最佳切分之中</numerusform>
        </translation>
    </message>
    <message>
        <source>segmentation</source>
        <translation>切分</translation>
    </message>
    <message>
        <source>log score</source>
        <translation>对数分数</translation>
    </message>
    <message>
        <source>share</source>
        <translation>占比</translation>
    </message>
</context>
<context>
    <name>FigureWidget</name>
    <message>
        <source>This chart could not be drawn: {reason}</source>
        <translation>无法绘制此图表：{reason}</translation>
    </message>
    <message>
        <source>Drawing the chart…</source>
        <translation>正在绘制图表…</translation>
    </message>
</context>
<context>
    <name>GoTemplateDialog</name>
    <message>
        <source>Ollama&apos;s template of {name}</source>
        <translation>{name} 的 Ollama 模板</translation>
    </message>
    <message>
        <source>Ollama renders this Go template itself (text/template, with .System, .Prompt, .Messages…); shown here read-only.</source>
        <translation>这是 Ollama 自己渲染的 Go 模板（text/template，读取 .System、.Prompt、.Messages 等），此处只读显示。</translation>
    </message>
</context>
<context>
    <name>GoTemplateNotice</name>
    <message>
        <source>Show Ollama&apos;s template…</source>
        <translation>查看 Ollama 的模板…</translation>
    </message>
    <message>
        <source>{name} has no Jinja chat template, only Ollama&apos;s Go template, which Ollama renders itself (the workbench renders Jinja, as transformers does). Choose a template above to render the conversation here.</source>
        <translation>{name} 没有 Jinja 对话模板，只有 Ollama 的 Go 模板，由 Ollama 自己渲染（工作台与 transformers 一样渲染 Jinja 模板）。请在上方选择一个模板，在此渲染对话。</translation>
    </message>
</context>
<context>
    <name>InjectionView</name>
    <message>
        <source>No special-token literal in any message: nothing a user typed can end a turn or start a new role.</source>
        <translation>消息中没有特殊词元字面量：用户输入的内容无法结束轮次或开启新角色。</translation>
    </message>
    <message>
        <source>Literal</source>
        <translation>字面量</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Sanitized (this workbench): plain text</source>
        <translation>已净化（本工作台）：普通文本</translation>
    </message>
    <message>
        <source>Unsanitized pipeline: control tokens</source>
        <translation>未净化的流程：控制词元</translation>
    </message>
    <message>
        <source>message {message} ({role}), characters {start}–{end}</source>
        <translation>消息 {message}（{role}），字符 {start}–{end}</translation>
    </message>
    <message>
        <source>A user typed these special-token literals. The workbench encodes them as the text they are; a pipeline that parses special tokens everywhere would feed the model the control IDs on the right — a forged role boundary.</source>
        <translation>用户输入了这些特殊词元字面量。工作台按其原本的文本编码；而处处解析特殊词元的流程会把右侧的控制 ID 送入模型——伪造出一个角色边界。</translation>
    </message>
</context>
<context>
    <name>InputIssue</name>
    <message>
        <source>invalid UTF-8 replaced with U+FFFD</source>
        <translation>无效 UTF-8 已替换为 U+FFFD</translation>
    </message>
    <message>
        <source>over-long lines cut</source>
        <translation>过长的行已截断</translation>
    </message>
    <message>
        <source>byte-order mark stripped</source>
        <translation>已去除字节顺序标记（BOM）</translation>
    </message>
    <message>
        <source>CRLF line ends read as LF</source>
        <translation>CRLF 行尾按 LF 读取</translation>
    </message>
</context>
<context>
    <name>InspectPane</name>
    <message>
        <source>The tokenizer shown below</source>
        <translation>下方显示的分词器</translation>
    </message>
    <message>
        <source>Open tokenizer…</source>
        <translation>打开分词器…</translation>
    </message>
    <message>
        <source>Add special tokens</source>
        <translation>添加特殊词元</translation>
    </message>
    <message>
        <source>Add the post-processor&apos;s tokens (BOS, [CLS]/[SEP]…)</source>
        <translation>添加后处理器的词元（BOS、[CLS]/[SEP]…）</translation>
    </message>
    <message>
        <source>Parse special literals</source>
        <translation>解析特殊词元字面量</translation>
    </message>
    <message>
        <source>Read special-token strings in the text as special tokens (off = safe: they stay plain text)</source>
        <translation>把文本中的特殊词元字符串读作特殊词元（关闭 = 安全：它们保持为普通文本）</translation>
    </message>
    <message>
        <source>Offsets in</source>
        <translation>偏移量单位</translation>
    </message>
    <message>
        <source>Type or paste text, or drop a text file here…</source>
        <translation>在此输入或粘贴文本，或拖入文本文件…</translation>
    </message>
    <message>
        <source>Tokens as pieces</source>
        <translation>以片段显示的词元</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>The text as it is read, each token a band behind it</source>
        <translation>按阅读时的样子显示文本，每个词元是其后的一条色带</translation>
    </message>
    <message>
        <source>Pieces</source>
        <translation>片段</translation>
    </message>
    <message>
        <source>Each token as a chip of its own</source>
        <translation>每个词元显示为单独的色块</translation>
    </message>
    <message>
        <source>Outline split graphemes</source>
        <translation>框出被切分的字素簇</translation>
    </message>
    <message>
        <source>Outline each grapheme (a letter with its marks, an emoji) that no token holds whole</source>
        <translation>框出没有任何词元完整包含的字素簇（带附加符号的字母、表情符号等）</translation>
    </message>
    <message>
        <source>Show tokens as</source>
        <translation>词元显示为</translation>
    </message>
    <message>
        <source>Show more tokens as chips</source>
        <translation>以色块显示更多词元</translation>
    </message>
    <message>
        <source>The tokens of the text above show here, each a band over the characters it stands for</source>
        <translation>上方文本的词元显示在这里：每个词元是一条色带，覆盖它所代表的字符</translation>
    </message>
    <message>
        <source>Token table</source>
        <translation>词元表</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message numerus="yes">
        <source>replaced {n} lone surrogate(s) from the clipboard with U+FFFD</source>
        <translation>
            <numerusform>已将剪贴板中的 {n} 个孤立代理项替换为 U+FFFD</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name}: {n} token(s) in {ms} ms</source>
        <translation>
            <numerusform>{name}：{n} 个词元，用时 {ms} ms</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Showing the first {shown} of {n} token(s) as chips (the table has all) — show {more} more</source>
        <translation>
            <numerusform>以色块显示 {n} 个词元中的前 {shown} 个（表格中有全部）— 再显示 {more} 个</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;i&gt;open a tokenizer to see tokens&lt;/i&gt;</source>
        <translation>&lt;i&gt;打开分词器以查看词元&lt;/i&gt;</translation>
    </message>
    <message numerus="yes">
        <source>{n} grapheme(s)</source>
        <translation>
            <numerusform>{n} 个字素簇</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} code point(s)</source>
        <translation>
            <numerusform>{n} 个码位</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} UTF-16 unit(s)</source>
        <translation>
            <numerusform>{n} 个 UTF-16 单元</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} byte(s)</source>
        <translation>
            <numerusform>{n} 字节</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;{ratio}&lt;/b&gt; tokens/char</source>
        <translation>&lt;b&gt;{ratio}&lt;/b&gt; 词元/字符</translation>
    </message>
    <message>
        <source>&lt;b&gt;{ratio}&lt;/b&gt; bytes/token</source>
        <translation>&lt;b&gt;{ratio}&lt;/b&gt; 字节/词元</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;{n}&lt;/b&gt; token(s)</source>
        <translation>
            <numerusform>&lt;b&gt;{n}&lt;/b&gt; 个词元</numerusform>
        </translation>
    </message>
    <message>
        <source>{n} unknown</source>
        <translation>{n} 个未知词元</translation>
    </message>
    <message>
        <source>{n} byte-fallback</source>
        <translation>{n} 个字节回退</translation>
    </message>
    <message numerus="yes">
        <source>{n} grapheme(s) split across tokens</source>
        <translation>
            <numerusform>{n} 个字素簇被切分到多个词元中</numerusform>
        </translation>
    </message>
    <message>
        <source>✔ decode(encode(text)) equals the text</source>
        <translation>✔ decode(encode(text)) 与原文本相同</translation>
    </message>
    <message>
        <source>✘ decode(encode(text)) differs</source>
        <translation>✘ decode(encode(text)) 与原文本不同</translation>
    </message>
    <message>
        <source>{differs} in code points {start}–{end}: …{before}{was}… became …{before}{became}…</source>
        <translation>{differs}：码位 {start}–{end} 处，…{before}{was}… 变成了 …{before}{became}…</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
</context>
<context>
    <name>JsonField</name>
    <message>
        <source>line {line}, column {column}: {problem}</source>
        <translation>第 {line} 行，第 {column} 列：{problem}</translation>
    </message>
    <message>
        <source>expected a JSON list [...]</source>
        <translation>应为 JSON 列表 [...]</translation>
    </message>
    <message>
        <source>expected a JSON object {...}</source>
        <translation>应为 JSON 对象 {...}</translation>
    </message>
</context>
<context>
    <name>LatticeView</name>
    <message>
        <source>character {index}: U+{code}</source>
        <translation>字符 {index}：U+{code}</translation>
    </message>
    <message>
        <source>{piece}  ·  characters {start}–{end}  ·  score {score}</source>
        <translation>{piece}  ·  字符 {start}–{end}  ·  分数 {score}</translation>
    </message>
    <message>
        <source>  ·  on the Viterbi path</source>
        <translation>  ·  在维特比路径上</translation>
    </message>
    <message>
        <source>  ·  no one-character piece here: unknown, penalised</source>
        <translation>  ·  此处没有单字符片段：未知，受罚分</translation>
    </message>
    <message>
        <source>  ·  user-defined: always wins</source>
        <translation>  ·  用户定义：总是优先</translation>
    </message>
    <message numerus="yes">
        <source>… %n more character(s) (the n-best table covers the whole segment)</source>
        <translation>
            <numerusform>… 还有 %n 个字符（n-best 表覆盖整段）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LiveChart</name>
    <message>
        <source>The chart fills while training runs</source>
        <translation>训练进行时图表会逐步填充</translation>
    </message>
    <message>
        <source>last: {value} {unit}</source>
        <translation>最新：{value} {unit}</translation>
    </message>
</context>
<context>
    <name>LocalModelsDialog</name>
    <message>
        <source>Open local model</source>
        <translation>打开本地模型</translation>
    </message>
    <message>
        <source>The tokenizers your tools keep on this computer: the Hugging Face cache, llama.cpp&apos;s cache, LM Studio and Ollama (and the folders you add). Nothing is downloaded.</source>
        <translation>你的工具在这台电脑上保存的分词器：Hugging Face 缓存、llama.cpp 缓存、LM Studio 和 Ollama（以及你添加的文件夹）。不会下载任何内容。</translation>
    </message>
    <message>
        <source>Search by name, source, format or tag…</source>
        <translation>按名称、来源、格式或版本标签搜索…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Also list the model folders under a folder of your own</source>
        <translation>同时列出你自己的某个文件夹下的模型文件夹</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <source>Looking in the Hugging Face cache, llama.cpp, LM Studio and Ollama…</source>
        <translation>正在查找 Hugging Face 缓存、llama.cpp、LM Studio 和 Ollama…</translation>
    </message>
    <message>
        <source>No local model found. Looked in: {places}</source>
        <translation>没有找到本地模型。查找过：{places}</translation>
    </message>
    <message>
        <source>Opening {done} of {count}: {name}…</source>
        <translation>正在打开第 {done} 个（共 {count} 个）：{name}…</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) found</source>
        <translation>
            <numerusform>找到 %n 个模型</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n do(es) not open (hover for why)</source>
        <translation>
            <numerusform>；其中 %n 个无法打开（悬停查看原因）</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not read the stores: {problem}</source>
        <translation>无法读取模型存储：{problem}</translation>
    </message>
    <message>
        <source>A folder of models</source>
        <translation>模型文件夹</translation>
    </message>
</context>
<context>
    <name>LocalModelsModel</name>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Revision / tag</source>
        <translation>修订版本 / 版本标签</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>does not open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>yes ({names})</source>
        <translation>有（{names}）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>有</translation>
    </message>
    <message>
        <source>Go template (Ollama)</source>
        <translation>Go 模板（Ollama）</translation>
    </message>
    <message>
        <source>no</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Tokenizers (*.json *.model *.tiktoken *.gguf *.txt *.zip)</source>
        <translation>分词器 (*.json *.model *.tiktoken *.gguf *.txt *.zip)</translation>
    </message>
    <message>
        <source>the file is {size} MiB; the Inspect pane takes up to {limit} MiB</source>
        <translation>文件大小为 {size} MiB；检查面板最多接受 {limit} MiB</translation>
    </message>
    <message>
        <source>this is a binary file, not text</source>
        <translation>这是二进制文件，不是文本</translation>
    </message>
    <message>
        <source>Tokenizer Workbench</source>
        <translation>分词器工作台</translation>
    </message>
    <message>
        <source>The panes switch to the new language when the running job ends</source>
        <translation>正在运行的任务结束后，各面板将切换为新语言</translation>
    </message>
    <message>
        <source>Panes</source>
        <translation>窗格</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Inspect</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Align</source>
        <translation>对齐</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open tokenizer…</source>
        <translation>打开分词器(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>A bundle folder, or a folder holding a tokenizer (a Hugging Face model folder)</source>
        <translation>打包文件的文件夹，或存放分词器的文件夹（Hugging Face 模型文件夹）</translation>
    </message>
    <message>
        <source>Open &amp;local model…</source>
        <translation>打开本地模型(&amp;L)…</translation>
    </message>
    <message>
        <source>A tokenizer from the Hugging Face cache, llama.cpp&apos;s cache, LM Studio or Ollama, by name</source>
        <translation>按名称打开 Hugging Face 缓存、llama.cpp 缓存、LM Studio 或 Ollama 中的分词器</translation>
    </message>
    <message>
        <source>Open &amp;text file…</source>
        <translation>打开文本文件(&amp;T)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save as bundle…</source>
        <translation>另存为打包文件(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Close tokenizer</source>
        <translation>关闭分词器(&amp;C)</translation>
    </message>
    <message>
        <source>Load the &amp;demo</source>
        <translation>加载演示(&amp;D)</translation>
    </message>
    <message>
        <source>Open &amp;workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <source>Replace every pane&apos;s inputs by a saved workspace&apos;s</source>
        <translation>用已保存工作区的输入替换每个窗格的输入</translation>
    </message>
    <message>
        <source>Save workspace &amp;as…</source>
        <translation>工作区另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Every pane&apos;s inputs in one file a colleague can open (paths inside its folder are kept relative)</source>
        <translation>把每个窗格的输入存进一个同事也能打开的文件（其所在文件夹内的路径保存为相对路径）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>⚠ {message}</source>
        <translation>⚠ {message}</translation>
    </message>
    <message>
        <source>Could not open the tokenizer</source>
        <translation>无法打开分词器</translation>
    </message>
    <message>
        <source>Open tokenizer</source>
        <translation>打开分词器</translation>
    </message>
    <message>
        <source>Open tokenizer folder</source>
        <translation>打开分词器文件夹</translation>
    </message>
    <message>
        <source>looking for {name}…</source>
        <translation>正在查找 {name}…</translation>
    </message>
    <message>
        <source>reading {name}…</source>
        <translation>正在读取 {name}…</translation>
    </message>
    <message>
        <source>{name} was not opened</source>
        <translation>未打开 {name}</translation>
    </message>
    <message>
        <source>loading {name}…</source>
        <translation>正在加载 {name}…</translation>
    </message>
    <message numerus="yes">
        <source>opened {name} ({format}, %Ln token(s))</source>
        <translation>
            <numerusform>已打开 {name}（{format}，%Ln 个词元）</numerusform>
        </translation>
    </message>
    <message>
        <source>Open text</source>
        <translation>打开文本</translation>
    </message>
    <message>
        <source>Text (*.txt *.md *.jsonl *.csv *.tsv *.py);;All files (*)</source>
        <translation>文本 (*.txt *.md *.jsonl *.csv *.tsv *.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>text from {name}</source>
        <translation>文本来自 {name}</translation>
    </message>
    <message>
        <source>Could not open the text</source>
        <translation>无法打开文本</translation>
    </message>
    <message>
        <source>Nothing to save</source>
        <translation>没有可保存的内容</translation>
    </message>
    <message>
        <source>Open a tokenizer first.</source>
        <translation>请先打开一个分词器。</translation>
    </message>
    <message>
        <source>Save as bundle</source>
        <translation>另存为打包文件</translation>
    </message>
    <message>
        <source>Bundle zip (*.zip);;Bundle folder (*)</source>
        <translation>打包 zip (*.zip);;打包文件夹 (*)</translation>
    </message>
    <message>
        <source>saved bundle {path}</source>
        <translation>已保存打包文件 {path}</translation>
    </message>
    <message>
        <source>Could not save the bundle</source>
        <translation>无法保存打包文件</translation>
    </message>
    <message>
        <source>Could not save the workspace</source>
        <translation>无法保存工作区</translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>Workspace (*.json);;All files (*)</source>
        <translation>工作区 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not open the workspace</source>
        <translation>无法打开工作区</translation>
    </message>
    <message>
        <source>opening workspace {name}…</source>
        <translation>正在打开工作区 {name}…</translation>
    </message>
    <message>
        <source>Save workspace as</source>
        <translation>工作区另存为</translation>
    </message>
    <message>
        <source>saved the workspace to {path}</source>
        <translation>工作区已保存到 {path}</translation>
    </message>
    <message>
        <source>workspace restored</source>
        <translation>工作区已恢复</translation>
    </message>
    <message numerus="yes">
        <source>workspace restored; %n item(s) not</source>
        <translation>
            <numerusform>工作区已恢复；%n 项未恢复</numerusform>
        </translation>
    </message>
    <message>
        <source>Some of the workspace was not restored</source>
        <translation>工作区有部分内容未能恢复</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
</context>
<context>
    <name>MessageRow</name>
    <message>
        <source>The message&apos;s role; type another name if the template knows it (ipython, function…)</source>
        <translation>消息的角色；若模板认识其他名称（ipython、function…）可直接输入</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>Show the message&apos;s tool calls: a JSON list of {&quot;type&quot;: &quot;function&quot;, &quot;function&quot;: {&quot;name&quot;, &quot;arguments&quot;}}</source>
        <translation>显示消息的工具调用：由 {&quot;type&quot;: &quot;function&quot;, &quot;function&quot;: {&quot;name&quot;, &quot;arguments&quot;}} 组成的 JSON 列表</translation>
    </message>
    <message>
        <source>Other fields</source>
        <translation>其他字段</translation>
    </message>
    <message>
        <source>Show the message&apos;s other fields as a JSON object (tool_call_id, name, reasoning_content…)</source>
        <translation>以 JSON 对象显示消息的其他字段（tool_call_id、name、reasoning_content…）</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Remove this message</source>
        <translation>删除此消息</translation>
    </message>
    <message>
        <source>Message content…</source>
        <translation>消息内容…</translation>
    </message>
    <message>
        <source>no role</source>
        <translation>没有角色</translation>
    </message>
    <message>
        <source>tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>other fields</source>
        <translation>其他字段</translation>
    </message>
    <message>
        <source>{field}: {problem}</source>
        <translation>{field}：{problem}</translation>
    </message>
</context>
<context>
    <name>MessagesEditor</name>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>+ Add message</source>
        <translation>+ 添加消息</translation>
    </message>
    <message>
        <source>Add a message after the last one (the role that usually comes next)</source>
        <translation>在最后一条之后添加消息（角色取通常的下一个）</translation>
    </message>
    <message>
        <source>message {index}: {problem}</source>
        <translation>消息 {index}：{problem}</translation>
    </message>
</context>
<context>
    <name>MisalignedModel</name>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>Misaligned</source>
        <translation>未对齐</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>收缩</translation>
    </message>
    <message>
        <source>Expand</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>start</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>end</source>
        <translation>终点</translation>
    </message>
    <message>
        <source>both ends</source>
        <translation>两端</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
</context>
<context>
    <name>Notes</name>
    <message>
        <source>special-token literal {literal!r} at code point {start} kept as plain text (possible injection)</source>
        <translation>码位 {start} 处的特殊词元字面量 {literal!r} 按普通文本处理（可能是注入）</translation>
    </message>
    <message>
        <source>special-token literal {literal!r} at code point {start} parsed as a special token</source>
        <translation>码位 {start} 处的特殊词元字面量 {literal!r} 被解析为特殊词元</translation>
    </message>
    <message>
        <source>special-token literals further on: {count:,}</source>
        <translation>后面还有特殊词元字面量：{count:,} 个</translation>
    </message>
    <message>
        <source>SentencePiece never parses control symbols from text; they stay plain text</source>
        <translation>SentencePiece 从不从文本中解析控制符号；它们保持为普通文本</translation>
    </message>
    <message>
        <source>{role} is {first_ids} in {first} but {second_ids} in {second}</source>
        <translation>{role} 在 {first} 中是 {first_ids}，但在 {second} 中是 {second_ids}</translation>
    </message>
    <message>
        <source>{source} names {token!r} as {role}, which the tokenizer does not have</source>
        <translation>{source} 将 {token!r} 指定为 {role}，但分词器中没有该词元</translation>
    </message>
    <message>
        <source>{source} gives {role} ID {id}, which the tokenizer does not have (its IDs are 0–{last:,})</source>
        <translation>{source} 给出的 {role} ID {id} 不在分词器中（其 ID 为 0–{last:,}）</translation>
    </message>
    <message>
        <source>special token {token!r} has ID {id}, beyond the model&apos;s {rows:,} embedding rows (config.json vocab_size)</source>
        <translation>特殊词元 {token!r} 的 ID 为 {id}，超出了模型的 {rows:,} 行嵌入（config.json vocab_size）</translation>
    </message>
    <message>
        <source>tokenizer_config.json added_tokens_decoder gives ID {id} as {token!r}; the tokenizer has {piece!r} there</source>
        <translation>tokenizer_config.json 的 added_tokens_decoder 将 ID {id} 定为 {token!r}；分词器在该 ID 处是 {piece!r}</translation>
    </message>
    <message>
        <source>decode(encode(text)) differs from the text in code points {start}–{end}</source>
        <translation>decode(encode(text)) 与原文在码位 {start}–{end} 处不同</translation>
    </message>
    <message>
        <source>max length {max_length} is below the {added} special tokens the template adds: tokenizers then truncates nothing</source>
        <translation>最大长度 {max_length} 小于模板添加的 {added} 个特殊词元：tokenizers 此时不做任何截断</translation>
    </message>
    <message>
        <source>pipeline stages show the first {limit:,} characters</source>
        <translation>流水线各阶段只显示前 {limit:,} 个字符</translation>
    </message>
    <message>
        <source>the job&apos;s process ended unexpectedly (exit code {exit_code})</source>
        <translation>任务进程意外结束（退出码 {exit_code}）</translation>
    </message>
    <message>
        <source>{count:,} records</source>
        <translation>{count:,} 条记录</translation>
    </message>
    <message>
        <source>characters to keep</source>
        <translation>统计要保留的字符</translation>
    </message>
    <message>
        <source>{lines:,} lines, {bytes:,} bytes</source>
        <translation>{lines:,} 行，{bytes:,} 字节</translation>
    </message>
    <message>
        <source>{count} seed pieces</source>
        <translation>{count} 个初始片段</translation>
    </message>
    <message>
        <source>EM: {count} pieces</source>
        <translation>EM：{count} 个片段</translation>
    </message>
    <message>
        <source>pruned to {count} pieces</source>
        <translation>剪枝至 {count} 个片段</translation>
    </message>
    <message>
        <source>{count} pieces</source>
        <translation>{count} 个片段</translation>
    </message>
    <message>
        <source>token ID {id} at stream position {position} is out of range: the vocabulary has IDs 0..{last}</source>
        <translation>流位置 {position} 处的词元 ID {id} 超出范围：词表的 ID 为 0..{last}</translation>
    </message>
    <message>
        <source>token ID {id} at prompt position {position} is out of range: the vocabulary has IDs 0..{last}</source>
        <translation>提示位置 {position} 处的词元 ID {id} 超出范围：词表的 ID 为 0..{last}</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>the file is empty: no records</source>
        <translation>文件为空：没有记录</translation>
    </message>
    <message>
        <source>unknown format {format!r}; use {formats}</source>
        <translation>未知格式 {format!r}；请使用 {formats}</translation>
    </message>
    <message>
        <source>the dataset has no usable record</source>
        <translation>数据集中没有可用的记录</translation>
    </message>
    <message>
        <source>the dataset has no usable record: {count:,} bad (the first on line {line})</source>
        <translation>数据集中没有可用的记录：{count:,} 条错误（第一条在第 {line} 行）</translation>
    </message>
    <message>
        <source>no span in the dataset (records read: {records:,}; their keys: {keys}): name the key that holds the spans</source>
        <translation>数据集中没有任何区间（已读 {records:,} 条记录；记录的键：{keys}）：请指定存放区间的键</translation>
    </message>
    <message>
        <source>no span in the dataset (records read: {records:,}): every tag is O</source>
        <translation>数据集中没有任何区间（已读 {records:,} 条记录）：所有标签都是 O</translation>
    </message>
    <message>
        <source>no record has the key {key!r} (their keys: {keys})</source>
        <translation>没有记录含有键 {key!r}（记录的键：{keys}）</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte {column} of the line (byte {offset:,} of the file: {byte:#04x})</source>
        <translation>该行第 {column} 个字节处的 UTF-8 无效（文件第 {offset:,} 个字节：{byte:#04x}）</translation>
    </message>
    <message>
        <source>a record needs a &quot;text&quot; string</source>
        <translation>记录需要一个 &quot;text&quot; 字符串</translation>
    </message>
    <message>
        <source>&quot;{key}&quot; must be a list</source>
        <translation>&quot;{key}&quot; 必须是列表</translation>
    </message>
    <message>
        <source>span {nth}: a span is an object with start and end (label, text), or a list [start, end] or [start, end, label]</source>
        <translation>区间 {nth}：区间应为含 start 和 end（以及 label、text）的对象，或列表 [start, end] 或 [start, end, label]</translation>
    </message>
    <message>
        <source>span {nth}: start and end must be integers</source>
        <translation>区间 {nth}：start 和 end 必须是整数</translation>
    </message>
    <message>
        <source>span {nth}: label and text must be strings</source>
        <translation>区间 {nth}：label 和 text 必须是字符串</translation>
    </message>
    <message>
        <source>token {token!r} does not continue the text (the tokens do not rebuild the text of the &apos;# text&apos; line)</source>
        <translation>词元 {token!r} 与文本接不上（各词元拼不回“# text”行的文本）</translation>
    </message>
    <message>
        <source>a token line needs a token and a tag</source>
        <translation>词元行需要一个词元和一个标签</translation>
    </message>
    <message>
        <source>unknown tag {tag!r} (use O, B-, I-, E-, L-, S- or U-)</source>
        <translation>未知标签 {tag!r}（请使用 O、B-、I-、E-、L-、S- 或 U-）</translation>
    </message>
    <message>
        <source>{column!r} is not one character (a character-BIO file has one character per line)</source>
        <translation>{column!r} 不是单个字符（字符级 BIO 文件每行一个字符）</translation>
    </message>
    <message>
        <source>{column!r} is not one character followed by its position in the word, as the other lines of this file are</source>
        <translation>{column!r} 不是“单个字符 + 它在词中的位置”，而此文件的其他行都是这种形式</translation>
    </message>
    <message>
        <source>span {nth} [{start}, {end}) {label!r}: start is after end</source>
        <translation>区间 {nth} [{start}, {end}) {label!r}：起点在终点之后</translation>
    </message>
    <message>
        <source>span {nth} [{start}, {end}) {label!r} is empty</source>
        <translation>区间 {nth} [{start}, {end}) {label!r} 为空</translation>
    </message>
    <message>
        <source>span {nth} [{start}, {end}) {label!r} is beyond the text ({limit} {unit})</source>
        <translation>区间 {nth} [{start}, {end}) {label!r} 超出了文本（{limit} 个{unit}）</translation>
    </message>
    <message>
        <source>span {nth} [{start}, {end}) {label!r}: offset {offset} falls inside a character in {unit}</source>
        <translation>区间 {nth} [{start}, {end}) {label!r}：按{unit}计，偏移量 {offset} 落在一个字符内部</translation>
    </message>
    <message>
        <source>span {nth} [{start}, {end}) {label!r}: its text {text!r} is not the text&apos;s {found!r} in {unit}</source>
        <translation>区间 {nth} [{start}, {end}) {label!r}：其文本 {text!r} 与按{unit}计的文本 {found!r} 不符</translation>
    </message>
    <message>
        <source>span {nth} [{start}, {end}) {label!r}: its text {text!r} is not the text&apos;s {found!r} in {unit}; it matches in {other_unit}</source>
        <translation>区间 {nth} [{start}, {end}) {label!r}：其文本 {text!r} 与按{unit}计的文本 {found!r} 不符；按{other_unit}计则相符</translation>
    </message>
    <message>
        <source>span {nth} [{start}, {end}) {label!r}: its text {text!r} is given, but the span does not fall on the text&apos;s characters in {unit}</source>
        <translation>区间 {nth} [{start}, {end}) {label!r}：给出了文本 {text!r}，但按{unit}计该区间不落在文本的字符上</translation>
    </message>
    <message>
        <source>span {nth} [{start}, {end}) {label!r}: its text {text!r} is given, but the span does not fall on the text&apos;s characters in {unit}; it matches in {other_unit}</source>
        <translation>区间 {nth} [{start}, {end}) {label!r}：给出了文本 {text!r}，但按{unit}计该区间不落在文本的字符上；按{other_unit}计则相符</translation>
    </message>
    <message>
        <source>declared {unit}, but {count} of {total} span texts match in {other_unit}</source>
        <translation>声明的单位是{unit}，但 {total} 个区间文本中有 {count} 个按{other_unit}计才相符</translation>
    </message>
    <message>
        <source>{count} of {total} span texts do not match the text in {unit} (nor in any other unit)</source>
        <translation>{total} 个区间文本中有 {count} 个按{unit}计与文本不符（按其他单位计也不符）</translation>
    </message>
    <message>
        <source>no tokenizer to align to</source>
        <translation>没有可对齐的分词器</translation>
    </message>
    <message>
        <source>unknown mode {mode!r}; use {modes}</source>
        <translation>未知模式 {mode!r}；请使用 {modes}</translation>
    </message>
    <message>
        <source>unknown scheme {scheme!r}; use {schemes}</source>
        <translation>未知标注方案 {scheme!r}；请使用 {schemes}</translation>
    </message>
    <message>
        <source>unknown export format {format!r}; use {formats}</source>
        <translation>未知导出格式 {format!r}；请使用 {formats}</translation>
    </message>
    <message>
        <source>unknown fix {fix!r}; use {fixes}</source>
        <translation>未知修正 {fix!r}；请使用 {fixes}</translation>
    </message>
    <message>
        <source>the export would overwrite the dataset; choose another file</source>
        <translation>导出会覆盖数据集；请另选文件</translation>
    </message>
    <message>
        <source>a corrected copy never replaces the original: choose another file</source>
        <translation>修正副本绝不替换原文件：请另选文件</translation>
    </message>
    <message>
        <source>special-token literal {literal!r} typed in message {message} ({role}): the sanitized reading keeps it as text; an unsanitized one reads it as ID(s) {ids}</source>
        <translation>消息 {message}（{role}）中输入了特殊词元字面量 {literal!r}：净化后的读法把它保留为文本；未净化的读法把它读作 ID {ids}</translation>
    </message>
    <message>
        <source>the last message is the {role}&apos;s and add_generation_prompt is off: the model would continue that message instead of answering it</source>
        <translation>最后一条消息属于 {role}，且 add_generation_prompt 已关闭：模型会接着写这条消息，而不是回答它</translation>
    </message>
    <message>
        <source>the assistant mask leaves message(s) {messages} at 0: the renders of the conversation&apos;s prefixes do not line up there (the template rewrites earlier turns, e.g. drops past reasoning), so the turn could not be located</source>
        <translation>助手掩码把消息 {messages} 留为 0：对话各前缀的渲染在那里对不上（模板改写了之前的轮次，例如删去过去的推理内容），因此找不到这一轮的位置</translation>
    </message>
    <message>
        <source>the template writes {token!r} (ID {id}) at the start and the tokenizer&apos;s post-processor adds it again when the rendered text is encoded with special tokens: encode the render with add_special_tokens=False</source>
        <translation>模板在开头写入了 {token!r}（ID {id}），而渲染文本连同特殊词元再次编码时，分词器的后处理器会再加一个：请以 add_special_tokens=False 编码渲染结果</translation>
    </message>
    <message>
        <source>the template writes {token!r} (ID {id}) at the end and the tokenizer&apos;s post-processor adds it again when the rendered text is encoded with special tokens: encode the render with add_special_tokens=False</source>
        <translation>模板在末尾写入了 {token!r}（ID {id}），而渲染文本连同特殊词元再次编码时，分词器的后处理器会再加一个：请以 add_special_tokens=False 编码渲染结果</translation>
    </message>
    <message>
        <source>the turn of message {message} (assistant) ends with no end-of-turn or EOS token (none of {tokens}): a model trained on it does not learn to stop</source>
        <translation>消息 {message}（assistant）的轮次结尾没有轮次结束词元或 EOS 词元（{tokens} 均未出现）：在其上训练的模型学不会停止</translation>
    </message>
    <message>
        <source>the template ends assistant turns with {token!r} (ID {id}), which is not among the generation stop IDs {stops} ({source}): generation would run past the end of the turn</source>
        <translation>模板以 {token!r}（ID {id}）结束 assistant 轮次，但它不在生成的停止 ID {stops}（{source}）之中：生成会越过轮次的结尾继续</translation>
    </message>
    <message>
        <source>the template drops the system message: its text {text!r} does not appear in the render</source>
        <translation>模板丢弃了系统消息：其文本 {text!r} 未出现在渲染结果中</translation>
    </message>
    <message>
        <source>the template moves the system message: its text appears at character {at}, after the content of message {message} ({role})</source>
        <translation>模板移动了系统消息：其文本出现在字符 {at} 处，位于消息 {message}（{role}）的内容之后</translation>
    </message>
    <message>
        <source>the template ignores the tool definitions: the render does not hold {names}</source>
        <translation>模板忽略了工具定义：{names} 未出现在渲染结果中</translation>
    </message>
    <message>
        <source>the template drops the tool calls of message {message} ({role}): the render does not hold {names}</source>
        <translation>模板丢弃了消息 {message}（{role}）的工具调用：{names} 未出现在渲染结果中</translation>
    </message>
    <message>
        <source>token {piece!r} (ID {id}, first at token {index}, {count:,} in all) is beyond the model&apos;s {rows:,} embedding rows (config.json vocab_size)</source>
        <translation>词元 {piece!r}（ID {id}，首次出现在第 {index} 个词元，共 {count:,} 次）超出了模型的 {rows:,} 个嵌入行（config.json vocab_size）</translation>
    </message>
    <message>
        <source>the template writes {literal!r} ({count}× from character {at}), which is no token of this tokenizer: it is encoded as {n} ordinary tokens {pieces} — the template does not fit this tokenizer</source>
        <translation>模板写入的 {literal!r}（{count} 处，首次在第 {at} 个字符）不是此分词器的词元：它被编码成 {n} 个普通词元 {pieces}——该模板与此分词器不匹配</translation>
    </message>
    <message>
        <source>the template writes {literal!r} ({count}× from character {at}) as a control token, but this tokenizer has it only as the ordinary token {id}, not a special token: a user who types it writes the same token</source>
        <translation>模板把 {literal!r}（{count} 处，首次在第 {at} 个字符）当作控制词元写入，但此分词器中它只是普通词元 {id}，不是特殊词元：用户输入它就会得到同一个词元</translation>
    </message>
    <message>
        <source>the template reads {name}, which this tokenizer does not define: it renders as nothing (transformers passes only the tokenizer&apos;s own special tokens)</source>
        <translation>模板读取了 {name}，而此分词器没有定义它：渲染结果为空（transformers 只传入分词器自己的特殊词元）</translation>
    </message>
    <message>
        <source>the tokenizer&apos;s post-processor starts a text with {token!r} (ID {id}) but the template writes none: apply_chat_template(tokenize=True) encodes the render without special tokens, so the model gets no {token!r}</source>
        <translation>分词器的后处理器会在文本开头加上 {token!r}（ID {id}），但模板没有写入它：apply_chat_template(tokenize=True) 编码渲染文本时不加特殊词元，因此模型收不到 {token!r}</translation>
    </message>
    <message>
        <source>the template starts with {token!r} (ID {id}) but the tokenizer&apos;s post-processor starts a text with {added!r} (ID {added_id})</source>
        <translation>模板以 {token!r}（ID {id}）开头，但分词器的后处理器在文本开头加的是 {added!r}（ID {added_id}）</translation>
    </message>
    <message>
        <source>the file pads every encoding ({length}); padding is off here so you see the text&apos;s own tokens</source>
        <translation>该文件会填充每个编码（{length}）；此处关闭了填充，以便你看到文本本身的词元</translation>
    </message>
    <message>
        <source>the file truncates at {max_length:,} tokens; truncation is off here</source>
        <translation>该文件在 {max_length:,} 个词元处截断；此处关闭了截断</translation>
    </message>
    <message>
        <source>the paper&apos;s separate &lt;/w&gt; end-of-word symbol, which tokenizer.json cannot express: run by the workbench&apos;s reference BPE encoder</source>
        <translation>论文中独立的 &lt;/w&gt; 词尾符号，tokenizer.json 无法表达：由工作台的参考 BPE 编码器运行</translation>
    </message>
    <message>
        <source>{ranks:,} ranks match no known preset; the cl100k regex is used (choose a preset or give a pattern)</source>
        <translation>{ranks:,} 个排名与任何已知预设都不匹配；使用 cl100k 的正则表达式（请选择预设或给出正则表达式）</translation>
    </message>
    <message>
        <source>line {line}: token {token} is listed again (rank {before} before); its later rank {rank} is used, as tiktoken&apos;s loader does</source>
        <translation>第 {line} 行：词元 {token} 再次出现（之前的排名为 {before}）；与 tiktoken 的加载器一样，使用后出现的排名 {rank}</translation>
    </message>
    <message>
        <source>preset {preset}: its regex and special tokens</source>
        <translation>预设 {preset}：使用其正则表达式和特殊词元</translation>
    </message>
    <message>
        <source>{count} special token(s) of preset {preset} have IDs that are ranks of this file ({first:,}–{last:,}; its ranks run 0–{last_rank:,})</source>
        <translation>预设 {preset} 有 {count} 个特殊词元的 ID 已是此文件的排名（{first:,}–{last:,}；其排名为 0–{last_rank:,}）</translation>
    </message>
    <message>
        <source>they are placed after the last rank instead, on IDs {first:,}–{last:,} (choose a preset or give special tokens to change this)</source>
        <translation>已改为放在最后一个排名之后，ID 为 {first:,}–{last:,}（如需更改，请选择预设或给出特殊词元）</translation>
    </message>
    <message>
        <source>presets whose special tokens fit these ranks: {presets}</source>
        <translation>特殊词元与这些排名不冲突的预设：{presets}</translation>
    </message>
    <message>
        <source>preset {preset} does not fit this file: {count} of its special tokens have IDs that are ranks ({first:,}–{last:,}; its ranks run 0–{last_rank:,}). Give special tokens after the last rank, from ID {start:,}, or choose a preset that fits: {presets}</source>
        <translation>预设 {preset} 不适用于此文件：其 {count} 个特殊词元的 ID 已是排名（{first:,}–{last:,}；其排名为 0–{last_rank:,}）。请给出位于最后一个排名之后（从 ID {start:,} 起）的特殊词元，或选择适用的预设：{presets}</translation>
    </message>
    <message>
        <source>preset {preset}: {normalization} normalization first</source>
        <translation>预设 {preset}：先进行 {normalization} 规范化</translation>
    </message>
    <message>
        <source>special tokens add the model&apos;s BOS {bos} at the start, as Llama and Mistral are run (no tokenizer_config.json beside it says add_bos_token)</source>
        <translation>添加特殊词元时在开头加上模型的 BOS {bos}，与 Llama、Mistral 的运行方式相同（旁边没有 tokenizer_config.json 指定 add_bos_token）</translation>
    </message>
    <message>
        <source>preset {preset}: {bos} added at the start</source>
        <translation>预设 {preset}：在开头添加 {bos}</translation>
    </message>
    <message>
        <source>vocab.txt run as BERT WordPiece (lowercased, from tokenizer_config.json)</source>
        <translation>vocab.txt 按 BERT WordPiece 运行（转为小写，依据 tokenizer_config.json）</translation>
    </message>
    <message>
        <source>vocab.txt run as BERT WordPiece (lowercased, guessed from the vocabulary)</source>
        <translation>vocab.txt 按 BERT WordPiece 运行（转为小写，根据词表推断）</translation>
    </message>
    <message>
        <source>vocab.txt run as BERT WordPiece (cased, from tokenizer_config.json)</source>
        <translation>vocab.txt 按 BERT WordPiece 运行（区分大小写，依据 tokenizer_config.json）</translation>
    </message>
    <message>
        <source>vocab.txt run as BERT WordPiece (cased, guessed from the vocabulary)</source>
        <translation>vocab.txt 按 BERT WordPiece 运行（区分大小写，根据词表推断）</translation>
    </message>
    <message>
        <source>WordPiece needs an unknown token for words it cannot split: add {token} to the special tokens</source>
        <translation>WordPiece 需要一个未知词元来表示无法切分的词：请将 {token} 加入特殊词元</translation>
    </message>
    <message>
        <source>Unigram needs an unknown token for characters outside its vocabulary: add {token} to the special tokens</source>
        <translation>Unigram 需要一个未知词元来表示词表之外的字符：请将 {token} 加入特殊词元</translation>
    </message>
    <message>
        <source>the sentencepiece engine trains unigram or bpe, not {algorithm!r}</source>
        <translation>sentencepiece 引擎只训练 unigram 或 bpe，不支持 {algorithm!r}</translation>
    </message>
    <message>
        <source>the sentencepiece engine normalizes with NFKC or not at all, not {normalizer!r}</source>
        <translation>sentencepiece 引擎只用 NFKC 规范化或不做规范化，不支持 {normalizer!r}</translation>
    </message>
    <message>
        <source>SentencePiece always keeps an unknown piece: add &lt;unk&gt; to the special tokens (first, for ID 0 as SentencePiece&apos;s own default)</source>
        <translation>SentencePiece 总会保留一个未知片段：请将 &lt;unk&gt; 加入特殊词元（放在最前，以获得 ID 0，与 SentencePiece 自身的默认一致）</translation>
    </message>
    <message>
        <source>the corpus has no words to train on (empty or only whitespace)</source>
        <translation>语料中没有可供训练的词（为空或只有空白）</translation>
    </message>
    <message>
        <source>not enough free disk space in {folder} for the trainer&apos;s copy of the corpus: it needs {needed_mb:,.0f} MB more and {reserve_mb:,.0f} MB kept free, and {free_mb:,.0f} MB are free; free some space or point TMPDIR at a folder on a larger disk</source>
        <translation>{folder} 中的可用磁盘空间不足以存放训练器的语料副本：还需要 {needed_mb:,.0f} MB，另须保留 {reserve_mb:,.0f} MB 空闲，而可用空间只有 {free_mb:,.0f} MB；请释放一些空间，或将 TMPDIR 指向更大磁盘上的文件夹</translation>
    </message>
    <message>
        <source>config: special_tokens repeats {tokens}</source>
        <translation>配置：special_tokens 中有重复的 {tokens}</translation>
    </message>
    <message>
        <source>no unknown token: characters not seen in training are dropped when encoding; add &lt;unk&gt; to the special tokens to keep a token for them</source>
        <translation>没有未知词元：训练中未见过的字符在编码时会被丢弃；将 &lt;unk&gt; 加入特殊词元即可为它们保留一个词元</translation>
    </message>
    <message>
        <source>vocabulary {vocab:,} is smaller than the {characters:,} characters kept by character coverage {coverage:g} (+ {reserved:,} special pieces): raise the vocabulary to at least {needed:,} or lower the coverage</source>
        <translation>词表 {vocab:,} 小于字符覆盖率 {coverage:g} 所保留的 {characters:,} 个字符（另加 {reserved:,} 个特殊片段）：请把词表提高到至少 {needed:,}，或降低覆盖率</translation>
    </message>
    <message>
        <source>vocabulary {vocab:,} is smaller than the {characters:,} characters kept by character coverage {coverage:g} (+ the unknown piece): raise the vocabulary to at least {needed:,} or lower the coverage</source>
        <translation>词表 {vocab:,} 小于字符覆盖率 {coverage:g} 所保留的 {characters:,} 个字符（另加未知片段）：请把词表提高到至少 {needed:,}，或降低覆盖率</translation>
    </message>
    <message>
        <source>vocabulary {vocab:,} is smaller than the {characters:,} characters kept by character coverage {coverage:g} (+ {reserved:,} special and byte pieces): raise the vocabulary to at least {needed:,} or lower the coverage</source>
        <translation>词表 {vocab:,} 小于字符覆盖率 {coverage:g} 所保留的 {characters:,} 个字符（另加 {reserved:,} 个特殊片段和字节片段）：请把词表提高到至少 {needed:,}，或降低覆盖率</translation>
    </message>
    <message>
        <source>vocabulary {vocab:,} is more than this corpus can fill (SentencePiece found {found:,} pieces): lower the vocabulary to {found:,} or less, or add text</source>
        <translation>词表 {vocab:,} 超出了此语料能填满的大小（SentencePiece 找到 {found:,} 个片段）：请把词表降到 {found:,} 或以下，或添加文本</translation>
    </message>
    <message>
        <source>{piece} is one of SentencePiece&apos;s own pieces and cannot also be a user-defined symbol: list it once in the special tokens</source>
        <translation>{piece} 是 SentencePiece 自身的片段，不能同时作为用户定义符号：请在特殊词元中只列出一次</translation>
    </message>
    <message>
        <source>SentencePiece needs an unknown piece: add &lt;unk&gt; to the special tokens</source>
        <translation>SentencePiece 需要一个未知片段：请将 &lt;unk&gt; 加入特殊词元</translation>
    </message>
    <message>
        <source>two special pieces were given the ID of the {role} piece: list each special token once</source>
        <translation>有两个特殊片段被分配了 {role} 片段的 ID：每个特殊词元请只列出一次</translation>
    </message>
    <message>
        <source>SentencePiece training failed</source>
        <translation>SentencePiece 训练失败</translation>
    </message>
    <message>
        <source>explaining the first {shown:,} of {total:,} characters</source>
        <translation>只解释 {total:,} 个字符中的前 {shown:,} 个</translation>
    </message>
    <message>
        <source>BPE dropout {dropout}: the runtime skips merges at random; the explainer shows the deterministic merges</source>
        <translation>BPE dropout {dropout}：运行时会随机跳过合并；解释器显示确定性的合并</translation>
    </message>
    <message>
        <source>{normalizer} normalization first</source>
        <translation>先进行 {normalizer} 规范化</translation>
    </message>
    <message>
        <source>SentencePiece runs its model over the whole normalized text; it is shown in segments that no vocabulary piece crosses (each explained on its own, with the same result)</source>
        <translation>SentencePiece 在整段规范化后的文本上运行模型；这里按没有任何词表片段跨越的分段显示（每段单独解释，结果相同）</translation>
    </message>
    <message>
        <source>each word ends with the separate symbol &lt;/w&gt;, as in Sennrich et al.</source>
        <translation>每个词都以独立的符号 &lt;/w&gt; 结尾，与 Sennrich 等人的论文相同</translation>
    </message>
    <message>
        <source>special token, matched before the model</source>
        <translation>特殊词元，在模型之前匹配</translation>
    </message>
    <message>
        <source>added token, matched before the model</source>
        <translation>添加的词元，在模型之前匹配</translation>
    </message>
    <message>
        <source>user-defined symbol, matched before the model</source>
        <translation>用户定义符号，在模型之前匹配</translation>
    </message>
    <message>
        <source>the whole pre-token is in the vocabulary (ignore_merges): no merges</source>
        <translation>整个预分词单元都在词表中（ignore_merges）：不做合并</translation>
    </message>
    <message>
        <source>the whole pre-token is a token: taken as it is, no merges</source>
        <translation>整个预分词单元就是一个词元：原样采用，不做合并</translation>
    </message>
    <message>
        <source>characters not in the vocabulary fall back to their UTF-8 bytes</source>
        <translation>不在词表中的字符通过字节回退变为其 UTF-8 字节</translation>
    </message>
    <message>
        <source>characters not in the vocabulary are dropped (the model has no unknown token)</source>
        <translation>不在词表中的字符被丢弃（该模型没有未知词元）</translation>
    </message>
    <message>
        <source>characters not in the vocabulary become the unknown token</source>
        <translation>不在词表中的字符变为未知词元</translation>
    </message>
    <message>
        <source>symbols not in the vocabulary become {unk}</source>
        <translation>不在词表中的符号变为 {unk}</translation>
    </message>
    <message>
        <source>longer than max_input_chars_per_word ({max_chars}): the word is unknown</source>
        <translation>超过 max_input_chars_per_word（{max_chars}）：整个词为未知</translation>
    </message>
    <message>
        <source>no vocabulary piece matches the rest of the word: the whole word is unknown</source>
        <translation>没有词表片段能匹配该词的剩余部分：整个词为未知</translation>
    </message>
    <message>
        <source>user-defined pieces always win (score bonus)</source>
        <translation>用户定义的片段总是胜出（分数加成）</translation>
    </message>
    <message>
        <source>a {algorithm} model has no subword algorithm to explain (BPE, WordPiece, Unigram and SentencePiece unigram / bpe can be explained)</source>
        <translation>{algorithm} 模型没有可解释的子词算法（可解释的有 BPE、WordPiece、Unigram 以及 SentencePiece unigram / bpe）</translation>
    </message>
    <message>
        <source>BPE with continuing_subword_prefix {prefix!r} / end_of_word_suffix {suffix!r} is not explained (only &apos;&lt;/w&gt;&apos; suffixes are)</source>
        <translation>不解释 continuing_subword_prefix 为 {prefix!r} / end_of_word_suffix 为 {suffix!r} 的 BPE（只解释 &apos;&lt;/w&gt;&apos; 后缀）</translation>
    </message>
    <message>
        <source>byte {byte:02X} has no rank: these ranks are not a byte-level BPE, so this text cannot be explained (nor encoded by tiktoken)</source>
        <translation>字节 {byte:02X} 没有排名：这些排名不是字节级 BPE，因此无法解释这段文本（tiktoken 也无法编码）</translation>
    </message>
    <message>
        <source>{n:,} pieces have a new ID (same piece, new ID: a model would read another row for it)</source>
        <translation>{n:,} 个片段换了 ID（同一片段，新 ID：模型会为它读取另一行）</translation>
    </message>
    <message>
        <source>{n:,} IDs now hold another piece (same ID, new piece: its row was learned for the old one)</source>
        <translation>{n:,} 个 ID 现在对应另一个片段（同一 ID，新片段：这一行是为旧片段学习的）</translation>
    </message>
    <message>
        <source>{n:,} pieces were removed</source>
        <translation>删除了 {n:,} 个片段</translation>
    </message>
    <message>
        <source>{n:,} pieces added (IDs {first:,}–{last:,}, appended past the old ones)</source>
        <translation>新增 {n:,} 个片段（ID {first:,}–{last:,}，追加在旧 ID 之后）</translation>
    </message>
    <message>
        <source>{n:,} pieces added (IDs {first:,}–{last:,}, some inside the old ID range)</source>
        <translation>新增 {n:,} 个片段（ID {first:,}–{last:,}，部分位于旧 ID 范围内）</translation>
    </message>
    <message>
        <source>{n:,} kept pieces changed kind (normal / control / user-defined / byte)</source>
        <translation>{n:,} 个保留片段的类型改变（普通 / 控制 / 用户定义 / 字节）</translation>
    </message>
    <message>
        <source>{n:,} special tokens moved: {shown}</source>
        <translation>{n:,} 个特殊词元换了 ID：{shown}</translation>
    </message>
    <message>
        <source>{n:,} special tokens removed: {shown}</source>
        <translation>删除了 {n:,} 个特殊词元：{shown}</translation>
    </message>
    <message>
        <source>{n:,} special tokens added: {shown}</source>
        <translation>新增 {n:,} 个特殊词元：{shown}</translation>
    </message>
    <message>
        <source>{n:,} special tokens changed kind: {shown}</source>
        <translation>{n:,} 个特殊词元的类型改变：{shown}</translation>
    </message>
    <message>
        <source>the {part} changed</source>
        <translation>{part}改变了</translation>
    </message>
    <message>
        <source>merges: {added:,} added, {removed:,} removed, {reranked:,} re-ranked</source>
        <translation>合并规则：新增 {added:,}，删除 {removed:,}，重排 {reranked:,}</translation>
    </message>
    <message>
        <source>{n:,} kept pieces are no longer produced by any merge sequence</source>
        <translation>{n:,} 个保留片段已无法由任何合并序列产生</translation>
    </message>
    <message>
        <source>{n:,} piece scores changed</source>
        <translation>{n:,} 个片段的分数改变</translation>
    </message>
    <message>
        <source>the {part} changed (IDs of a text do not depend on it)</source>
        <translation>{part}改变了（文本的 ID 不依赖于它）</translation>
    </message>
    <message>
        <source>the tokenizers are of different families ({old_family} and {new_family}): pieces were compared by the bytes they stand for</source>
        <translation>两个分词器属于不同类型（{old_family} 与 {new_family}）：片段按其代表的字节比较</translation>
    </message>
    <message>
        <source>the pipelines are described by different runtimes ({old_runtime} and {new_runtime}): their parts are shown, not judged; the vocabulary and the golden set decide the verdict</source>
        <translation>两条流程由不同的运行时描述（{old_runtime} 与 {new_runtime}）：其组成部分只展示、不评判；结论由词表和黄金样本决定</translation>
    </message>
    <message>
        <source>{n:,} IDs of the {side} vocabulary repeat a piece another ID has: a mapping could not be made for them (the lowest ID is used)</source>
        <translation>{side}词表中有 {n:,} 个 ID 与另一个 ID 的片段重复：无法为它们建立映射（使用最小的 ID）</translation>
    </message>
    <message>
        <source>no piece could be mapped from one vocabulary to the other</source>
        <translation>没有任何片段能从一个词表映射到另一个词表</translation>
    </message>
    <message>
        <source>{n:,} special tokens with another role: {shown}</source>
        <translation>{n:,} 个特殊词元的角色不同：{shown}</translation>
    </message>
    <message>
        <source>neither model stores merges (tiktoken ranks, SentencePiece scores, WordPiece and Unigram have none)</source>
        <translation>两个模型都不保存合并规则（tiktoken 排名、SentencePiece 分数、WordPiece 和 Unigram 都没有）</translation>
    </message>
    <message>
        <source>only one model stores merges (tiktoken ranks, SentencePiece scores, WordPiece and Unigram have none)</source>
        <translation>只有一个模型保存合并规则（tiktoken 排名、SentencePiece 分数、WordPiece 和 Unigram 都没有）</translation>
    </message>
    <message>
        <source>only models with scores have them (SentencePiece, Unigram)</source>
        <translation>只有带分数的模型才有分数（SentencePiece、Unigram）</translation>
    </message>
    <message>
        <source>the corpus holds no text (every file is empty or blank)</source>
        <translation>语料中没有文本（每个文件都为空或只有空白）</translation>
    </message>
    <message>
        <source>aligned by the shortest: {lines:,} lines kept of each ({counts})</source>
        <translation>按最短文件对齐：每个文件保留 {lines:,} 行（{counts}）</translation>
    </message>
    <message>
        <source>{tokenizer} maps many tokens to the unknown token in {languages}: few tokens there mean lost text, not a low cost</source>
        <translation>{tokenizer} 在 {languages} 中把许多词元映射为未知词元：那里词元少意味着文本丢失，而不是成本低</translation>
    </message>
    <message>
        <source>{tokenizer} has no chat template of its own: its window carries only the post-processor&apos;s tokens</source>
        <translation>{tokenizer} 没有自己的对话模板：其上下文窗口只包含后处理器添加的词元</translation>
    </message>
    <message>
        <source>{tokenizer} failed on {count:,} documents, listed under its failures; the rest was measured</source>
        <translation>{tokenizer} 在 {count:,} 个文档上失败，已列在其失败记录中；其余文档已统计</translation>
    </message>
    <message>
        <source>the languages have different line counts ({counts}); line n must be a translation of line n in every file (choose to align by the shortest to keep the first lines only)</source>
        <translation>各语言的行数不同（{counts}）；每个文件的第 n 行必须是彼此第 n 行的译文（选择按最短文件对齐则只保留前面的行）</translation>
    </message>
    <message>
        <source>no such parallel folder or TSV file</source>
        <translation>没有这个平行语料文件夹或 TSV 文件</translation>
    </message>
    <message>
        <source>no language files in this folder (a file is one when its name before the first dot is a language code: eng_Latn.dev, zho_Hans.txt, pt_BR.txt)</source>
        <translation>此文件夹中没有语言文件（文件名第一个点之前的部分是语言代码的文件才算：eng_Latn.dev、zho_Hans.txt、pt_BR.txt）</translation>
    </message>
    <message>
        <source>two files for language {language}: {first} and {second} (keep one split per folder)</source>
        <translation>语言 {language} 有两个文件：{first} 和 {second}（每个文件夹只保留一个划分）</translation>
    </message>
    <message>
        <source>the file of language {language} is empty</source>
        <translation>语言 {language} 的文件为空</translation>
    </message>
    <message>
        <source>the parallel corpus has no language {languages}; it has {available}</source>
        <translation>平行语料中没有语言 {languages}；它包含 {available}</translation>
    </message>
    <message>
        <source>a parallel TSV needs a header row of language codes and at least one row of sentences</source>
        <translation>平行 TSV 需要一行语言代码作为表头，以及至少一行句子</translation>
    </message>
    <message>
        <source>the header must name each language once</source>
        <translation>表头中每种语言只能出现一次</translation>
    </message>
    <message>
        <source>{columns:,} columns where the header has {header:,}</source>
        <translation>此行有 {columns:,} 列，而表头有 {header:,} 列</translation>
    </message>
    <message>
        <source>unknown pivot language {pivot!r}; the corpus has {languages}</source>
        <translation>未知的基准语言 {pivot!r}；语料包含 {languages}</translation>
    </message>
    <message>
        <source>the pivot language {pivot} has no tokens</source>
        <translation>基准语言 {pivot} 没有词元</translation>
    </message>
    <message>
        <source>invalid JSON: {problem}</source>
        <translation>无效的 JSON：{problem}</translation>
    </message>
    <message>
        <source>tiktoken rejected the tokenizer</source>
        <translation>tiktoken 拒绝了该分词器</translation>
    </message>
    <message>
        <source>sentencepiece could not load the model</source>
        <translation>sentencepiece 无法加载该模型</translation>
    </message>
    <message>
        <source>the tokenizers runtime rejected this file</source>
        <translation>tokenizers 运行时拒绝了此文件</translation>
    </message>
    <message>
        <source>its {key} is not one tokenizers knows</source>
        <translation>其 {key} 不是 tokenizers 认识的组件</translation>
    </message>
    <message>
        <source>not a valid {file}</source>
        <translation>不是有效的 {file}</translation>
    </message>
    <message>
        <source>allowed_special: {literals!r} are not a special token of this tokenizer (its special tokens: {known})</source>
        <translation>allowed_special：{literals!r} 不是此分词器的特殊词元（其特殊词元：{known}）</translation>
    </message>
    <message>
        <source>allowed_special: {literals!r} are not a special token of this tokenizer (its special tokens: none)</source>
        <translation>allowed_special：{literals!r} 不是此分词器的特殊词元（它没有特殊词元）</translation>
    </message>
    <message>
        <source>the render process could not start</source>
        <translation>渲染进程无法启动</translation>
    </message>
    <message>
        <source>not a readable zip bundle</source>
        <translation>不是可读取的 zip 打包文件</translation>
    </message>
    <message>
        <source>manifest.json is not valid JSON: {problem}</source>
        <translation>manifest.json 不是有效的 JSON：{problem}</translation>
    </message>
    <message>
        <source>not valid JSON: {problem}</source>
        <translation>不是有效的 JSON：{problem}</translation>
    </message>
    <message>
        <source>cannot decompress</source>
        <translation>无法解压</translation>
    </message>
    <message>
        <source>cannot read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>{engine} training failed</source>
        <translation>{engine} 训练失败</translation>
    </message>
    <message>
        <source>training failed</source>
        <translation>训练失败</translation>
    </message>
    <message>
        <source>allowed_special: {literals!r} is not a special token of this tokenizer (its special tokens: {known})</source>
        <translation>allowed_special：{literals!r} 不是此分词器的特殊词元（其特殊词元：{known}）</translation>
    </message>
    <message>
        <source>allowed_special: {literals!r} is not a special token of this tokenizer (its special tokens: none)</source>
        <translation>allowed_special：{literals!r} 不是此分词器的特殊词元（它没有特殊词元）</translation>
    </message>
    <message>
        <source>, </source>
        <comment>joins the items of a list in a message</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>{message}: {said}</source>
        <comment>a message, then a library&apos;s own words (English) that it quotes</comment>
        <translation>{message}。原始报错（英文）：“{said}”</translation>
    </message>
    <message>
        <source>choose at least one tokenizer</source>
        <translation>请至少选择一个分词器</translation>
    </message>
    <message>
        <source>at most {limit} tokenizers at once ({count} given)</source>
        <translation>一次最多 {limit} 个分词器（给了 {count} 个）</translation>
    </message>
    <message>
        <source>give either corpus sources or a parallel corpus</source>
        <translation>请给出语料来源或平行语料，二者选一</translation>
    </message>
    <message>
        <source>align must be one of {choices}</source>
        <translation>对齐方式必须是 {choices} 之一</translation>
    </message>
    <message>
        <source>the context window must be at least 1 token</source>
        <translation>上下文窗口至少为 1 个词元</translation>
    </message>
    <message>
        <source>the corpus has no source</source>
        <translation>语料没有来源</translation>
    </message>
    <message>
        <source>the Dask backend needs the optional extra: pip install &apos;tokenizer-workbench[cluster]&apos; (dask and distributed)</source>
        <translation>Dask 后端需要可选依赖：pip install &apos;tokenizer-workbench[cluster]&apos;（dask 和 distributed）</translation>
    </message>
    <message>
        <source>the Dask backend needs a scheduler address (tcp://host:port)</source>
        <translation>Dask 后端需要调度器地址（tcp://host:port）</translation>
    </message>
    <message>
        <source>the file names no pre-tokenizer (tokenizer.ggml.pre): llama.cpp then splits with its &apos;default&apos; regexes, as here, and warns that generation quality will be degraded</source>
        <translation>文件未指定预分词器（tokenizer.ggml.pre）：llama.cpp 此时用它的 &apos;default&apos; 正则切分（此处亦然），并警告生成质量会下降</translation>
    </message>
    <message>
        <source>llama.cpp treats {tokens} as control tokens (end of turn, FIM, end of generation) whatever tokenizer.ggml.token_type says: they are parsed only as special tokens</source>
        <translation>llama.cpp 把 {tokens} 当作控制词元（轮次结束、FIM、生成结束），不论 tokenizer.ggml.token_type 怎么写：只有解析特殊词元时才识别它们</translation>
    </message>
    <message>
        <source>the model&apos;s embedding has {rows:,} rows for {vocabulary:,} token IDs: IDs {rows:,} and above have no embedding</source>
        <translation>模型的嵌入只有 {rows:,} 行，而词元 ID 有 {vocabulary:,} 个：ID {rows:,} 及以上没有嵌入</translation>
    </message>
    <message>
        <source>no file, folder or local model named {name} (local models looked for in: {places})</source>
        <translation>没有名为 {name} 的文件、文件夹或本地模型（查找本地模型的位置：{places}）</translation>
    </message>
    <message>
        <source>no local model named {name}; local models of a like name: {similar}</source>
        <translation>没有名为 {name} 的本地模型；名称相近的本地模型：{similar}</translation>
    </message>
    <message>
        <source>{name} names {count} local models with different tokenizers (behaviour · vocabulary fingerprints in brackets): {choices}; name one of them</source>
        <translation>{name} 对应 {count} 个分词器不同的本地模型（方括号内为行为指纹 · 词表指纹）：{choices}；请指明其中一个</translation>
    </message>
    <message>
        <source>{name} names {count} local models with one tokenizer (behaviour fingerprint {behaviour}): opened {chosen}; the same in {others}</source>
        <translation>{name} 对应 {count} 个分词器相同的本地模型（行为指纹 {behaviour}）：已打开 {chosen}；{others} 中的分词器与之相同</translation>
    </message>
    <message>
        <source>{name} is in the Hugging Face cache without any snapshot: download it again</source>
        <translation>{name} 在 Hugging Face 缓存中没有任何快照：请重新下载</translation>
    </message>
    <message>
        <source>{name}: {ref} names commit {commit}, whose snapshot is not in the cache: download it again</source>
        <translation>{name}：{ref} 指向提交 {commit}，但缓存中没有它的快照：请重新下载</translation>
    </message>
    <message>
        <source>{name}: revision {revision} is not in the cache (cached: {cached})</source>
        <translation>{name}：缓存中没有修订版本 {revision}（已缓存：{cached}）</translation>
    </message>
    <message>
        <source>{name} at {revision} has no tokenizer file: the Hub said {files} do not exist there (.no_exist markers)</source>
        <translation>{name} 在 {revision} 没有分词器文件：Hub 表示该版本不存在 {files}（.no_exist 标记）</translation>
    </message>
    <message>
        <source>{name} at {revision}: no tokenizer file was downloaded (the snapshot holds {present}): download tokenizer.json or tokenizer.model</source>
        <translation>{name} 在 {revision}：没有下载分词器文件（快照中只有 {present}）：请下载 tokenizer.json 或 tokenizer.model</translation>
    </message>
    <message>
        <source>{file} points to {target}, which is missing (an interrupted download or a cleaned cache): download it again</source>
        <translation>{file} 指向的 {target} 不存在（下载中断或缓存已被清理）：请重新下载</translation>
    </message>
    <message>
        <source>{name} has no GGUF tagged {tag} (its tags: {tags})</source>
        <translation>{name} 没有版本标签为 {tag} 的 GGUF（现有标签：{tags}）</translation>
    </message>
    <message>
        <source>the Ollama manifest of {name} cannot be read ({problem})</source>
        <translation>无法读取 {name} 的 Ollama 清单（{problem}）</translation>
    </message>
    <message>
        <source>the Ollama manifest of {name} has no GGUF model layer (media type application/vnd.ollama.image.model); its layers: {kinds}</source>
        <translation>{name} 的 Ollama 清单中没有 GGUF 模型层（媒体类型 application/vnd.ollama.image.model）；它的层：{kinds}</translation>
    </message>
    <message>
        <source>the model layer of {name} is not a GGUF file; only GGUF models are read</source>
        <translation>{name} 的模型层不是 GGUF 文件；只能读取 GGUF 模型</translation>
    </message>
    <message>
        <source>{name} has no Jinja chat template, only Ollama&apos;s Go template, which Ollama renders itself: choose a template to render here</source>
        <translation>{name} 没有 Jinja 对话模板，只有由 Ollama 自己渲染的 Go 模板：请选择一个模板在此渲染</translation>
    </message>
    <message>
        <source>the workspace is not valid JSON: {problem}</source>
        <translation>工作区不是有效的 JSON：{problem}</translation>
    </message>
    <message>
        <source>the workspace cannot be read</source>
        <translation>无法读取工作区</translation>
    </message>
    <message>
        <source>a value in the workspace is not valid</source>
        <translation>工作区中有一个值无效</translation>
    </message>
    <message>
        <source>Diagnostics parallel corpus {path} is gone: the Corpus pane&apos;s sources are used</source>
        <translation>诊断的平行语料 {path} 已不存在：改用语料面板的来源</translation>
    </message>
    <message>
        <source>Diagnostics chat template file {path} is gone: no template is used</source>
        <translation>诊断的对话模板文件 {path} 已不存在：不使用模板</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>文件或文件夹不存在</translation>
    </message>
    <message>
        <source>no file matches</source>
        <translation>没有匹配的文件</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte {offset:,} of the {counted_in} (byte {column} of the line: {byte:#04x})</source>
        <translation>{counted_in}第 {offset:,} 个字节处的 UTF-8 无效（该行第 {column} 个字节：{byte:#04x}）</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte {offset:,} of the {counted_in} (byte {column} of the line: {byte:#04x}); use the &apos;replace&apos; policy to keep going</source>
        <translation>{counted_in}第 {offset:,} 个字节处的 UTF-8 无效（该行第 {column} 个字节：{byte:#04x}）；选用 &apos;replace&apos; 策略可继续读取</translation>
    </message>
    <message>
        <source>expected a JSON object at the top level</source>
        <translation>顶层应为一个 JSON 对象</translation>
    </message>
    <message>
        <source>expected a JSON string or an object with a &quot;text&quot; string</source>
        <translation>每行应为一个 JSON 字符串，或带有 &quot;text&quot; 字符串的对象</translation>
    </message>
    <message>
        <source>the file is empty; expected a HF tokenizer.json, a SentencePiece .model, a tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with merges.txt beside it, a GGUF file, a Mistral tekken.json, or a workbench bundle</source>
        <translation>文件为空；应为 HF tokenizer.json、SentencePiece .model、tiktoken 排名文件、WordPiece vocab.txt、旁边带有 merges.txt 的 GPT-2 vocab.json、GGUF 文件、Mistral tekken.json 或工作台打包文件</translation>
    </message>
    <message>
        <source>not a tokenizer file; expected a HF tokenizer.json, a SentencePiece .model, a tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with merges.txt beside it, a GGUF file, a Mistral tekken.json, or a workbench bundle</source>
        <translation>不是分词器文件；应为 HF tokenizer.json、SentencePiece .model、tiktoken 排名文件、WordPiece vocab.txt、旁边带有 merges.txt 的 GPT-2 vocab.json、GGUF 文件、Mistral tekken.json 或工作台打包文件</translation>
    </message>
    <message>
        <source>a JSON file, but not a tokenizer ({name} has no &apos;model&apos;); expected a HF tokenizer.json, a SentencePiece .model, a tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with merges.txt beside it, a GGUF file, a Mistral tekken.json, or a workbench bundle</source>
        <translation>是 JSON 文件，但不是分词器（{name} 没有 &apos;model&apos;）；应为 HF tokenizer.json、SentencePiece .model、tiktoken 排名文件、WordPiece vocab.txt、旁边带有 merges.txt 的 GPT-2 vocab.json、GGUF 文件、Mistral tekken.json 或工作台打包文件</translation>
    </message>
    <message>
        <source>the folder holds no tokenizer; expected a HF tokenizer.json, a SentencePiece .model, a tiktoken rank file, a WordPiece vocab.txt, a GPT-2 vocab.json with merges.txt beside it, a GGUF file, a Mistral tekken.json, or a workbench bundle</source>
        <translation>文件夹中没有分词器；应为 HF tokenizer.json、SentencePiece .model、tiktoken 排名文件、WordPiece vocab.txt、旁边带有 merges.txt 的 GPT-2 vocab.json、GGUF 文件、Mistral tekken.json 或工作台打包文件</translation>
    </message>
    <message>
        <source>this looks like a BPE merges.txt; the vocab.json it needs is not beside it</source>
        <translation>这看起来是 BPE 的 merges.txt；它所需的 vocab.json 不在旁边</translation>
    </message>
    <message>
        <source>this looks like a GPT-2 vocab.json; the merges.txt it needs is not beside it</source>
        <translation>这看起来是 GPT-2 的 vocab.json；它所需的 merges.txt 不在旁边</translation>
    </message>
    <message>
        <source>{format!r} is not a native tokenizer format here; open it with core.loading.open_tokenizer</source>
        <translation>{format!r} 在此不是原生分词器格式；请用 core.loading.open_tokenizer 打开</translation>
    </message>
    <message>
        <source>a WordPiece vocab.txt needs an [UNK] token</source>
        <translation>WordPiece 的 vocab.txt 需要一个 [UNK] 词元</translation>
    </message>
    <message>
        <source>expected two space-separated pieces per merge</source>
        <translation>每条合并规则应为两个以空格分隔的片段</translation>
    </message>
    <message>
        <source>vocab.json is not in the GPT-2 byte-level alphabet; only byte-level vocab.json + merges.txt pairs are supported</source>
        <translation>vocab.json 不是 GPT-2 字节级字母表；只支持字节级的 vocab.json + merges.txt 组合</translation>
    </message>
    <message>
        <source>has no &apos;chat_template&apos; string</source>
        <translation>没有 &apos;chat_template&apos; 字符串</translation>
    </message>
    <message>
        <source>expected &apos;base64-token rank&apos; on every line</source>
        <translation>每行应为 &apos;base64 词元 排名&apos;</translation>
    </message>
    <message>
        <source>invalid base64 token {token!r}</source>
        <translation>无效的 base64 词元 {token!r}</translation>
    </message>
    <message>
        <source>rank {rank!r} is not an integer</source>
        <translation>排名 {rank!r} 不是整数</translation>
    </message>
    <message>
        <source>duplicate rank {rank} (first on line {first})</source>
        <translation>排名 {rank} 重复（首次出现在第 {first} 行）</translation>
    </message>
    <message>
        <source>the rank file has no tokens</source>
        <translation>排名文件中没有词元</translation>
    </message>
    <message>
        <source>special token {literal!r} has id {id}, which is already special token {other!r} (choose another preset or special ids)</source>
        <translation>特殊词元 {literal!r} 的 ID 是 {id}，已被特殊词元 {other!r} 占用（请选择其他预设或特殊词元 ID）</translation>
    </message>
    <message>
        <source>special token {literal!r} has id {id}, which is already a rank (choose another preset or special ids)</source>
        <translation>特殊词元 {literal!r} 的 ID 是 {id}，已是一个排名（请选择其他预设或特殊词元 ID）</translation>
    </message>
    <message>
        <source>unknown preset {preset!r}; known presets: {presets} (gpt2 = r50k)</source>
        <translation>未知的预设 {preset!r}；已有的预设：{presets}（gpt2 即 r50k）</translation>
    </message>
    <message>
        <source>not a SentencePiece model: the protobuf data is truncated or corrupt</source>
        <translation>不是 SentencePiece 模型：protobuf 数据被截断或已损坏</translation>
    </message>
    <message>
        <source>not a SentencePiece model: it has no pieces</source>
        <translation>不是 SentencePiece 模型：其中没有片段</translation>
    </message>
    <message>
        <source>tokenizer.json has no &apos;model&apos; object</source>
        <translation>tokenizer.json 没有 &apos;model&apos; 对象</translation>
    </message>
    <message>
        <source>unknown key(s) {keys}: a conversation holds &quot;messages&quot;, &quot;tools&quot; and &quot;documents&quot;</source>
        <translation>未知的键 {keys}：对话包含 &quot;messages&quot;、&quot;tools&quot; 和 &quot;documents&quot;</translation>
    </message>
    <message>
        <source>&quot;{key}&quot; item {item} is not an object</source>
        <translation>&quot;{key}&quot; 的第 {item} 项不是对象</translation>
    </message>
    <message>
        <source>expected a list of messages, or {{&quot;messages&quot;: [...]}}</source>
        <translation>应为消息列表，或 {{&quot;messages&quot;: [...]}}</translation>
    </message>
    <message>
        <source>the conversation has no messages</source>
        <translation>对话中没有消息</translation>
    </message>
    <message>
        <source>message {message} is not an object</source>
        <translation>消息 {message} 不是对象</translation>
    </message>
    <message>
        <source>message {message} has no &quot;role&quot; (a string)</source>
        <translation>消息 {message} 没有 &quot;role&quot;（一个字符串）</translation>
    </message>
    <message>
        <source>expected a list of token IDs, or {{&quot;ids&quot;: [...]}}</source>
        <translation>应为词元 ID 列表，或 {{&quot;ids&quot;: [...]}}</translation>
    </message>
    <message>
        <source>item {item} is not a token ID (an integer): {value}</source>
        <translation>第 {item} 项不是词元 ID（一个整数）：{value}</translation>
    </message>
    <message>
        <source>config.{key} must be a non-negative integer (found {value})</source>
        <translation>config.{key} 必须是非负整数（实际为 {value}）</translation>
    </message>
    <message>
        <source>config.pattern must be a regex string</source>
        <translation>config.pattern 必须是正则表达式字符串</translation>
    </message>
    <message>
        <source>config.default_vocab_size ({vocab_size:,}) is smaller than config.default_num_special_tokens ({specials:,})</source>
        <translation>config.default_vocab_size（{vocab_size:,}）小于 config.default_num_special_tokens（{specials:,}）</translation>
    </message>
    <message>
        <source>vocab has {entries:,} entries, fewer than config.default_vocab_size ({vocab_size:,}) minus config.default_num_special_tokens ({specials:,}) = {ranks:,}</source>
        <translation>vocab 有 {entries:,} 个条目，少于 config.default_vocab_size（{vocab_size:,}）减去 config.default_num_special_tokens（{specials:,}）= {ranks:,}</translation>
    </message>
    <message>
        <source>vocab[{index}] needs a &apos;rank&apos; and base64 &apos;token_bytes&apos;</source>
        <translation>vocab[{index}] 需要 &apos;rank&apos; 和 base64 编码的 &apos;token_bytes&apos;</translation>
    </message>
    <message>
        <source>vocab[{index}] has rank {rank}; ranks must count up from 0</source>
        <translation>vocab[{index}] 的排名是 {rank}；排名必须从 0 起依次递增</translation>
    </message>
    <message>
        <source>vocab[{index}] repeats the bytes of rank {rank}</source>
        <translation>vocab[{index}] 与排名 {rank} 的字节相同</translation>
    </message>
    <message>
        <source>special_tokens must be a list of at most config.default_num_special_tokens ({specials:,}) entries</source>
        <translation>special_tokens 必须是列表，最多 config.default_num_special_tokens（{specials:,}）个条目</translation>
    </message>
    <message>
        <source>special_tokens[{index}] needs a &apos;token_str&apos; and a &apos;rank&apos; below {specials:,}</source>
        <translation>special_tokens[{index}] 需要 &apos;token_str&apos; 和一个小于 {specials:,} 的 &apos;rank&apos;</translation>
    </message>
    <message>
        <source>special_tokens[{index}] repeats {literal!r}</source>
        <translation>special_tokens[{index}] 重复了 {literal!r}</translation>
    </message>
    <message>
        <source>text contains {count} lone surrogate(s) (first {codepoint} at code point {start}); they are not valid Unicode and cannot be tokenized</source>
        <translation>文本含有 {count} 个孤立代理项（第一个是位于码位 {start} 的 {codepoint}）；它们不是有效的 Unicode，无法分词</translation>
    </message>
    <message>
        <source>offset {offset} is outside the text (0..{limit} {unit})</source>
        <translation>偏移量 {offset} 超出了文本（0..{limit} {unit}）</translation>
    </message>
    <message>
        <source>byte offset {offset} falls inside a UTF-8 character</source>
        <translation>字节偏移量 {offset} 落在一个 UTF-8 字符内部</translation>
    </message>
    <message>
        <source>UTF-16 offset {offset} falls between the two halves of a surrogate pair</source>
        <translation>UTF-16 偏移量 {offset} 落在代理对的两半之间</translation>
    </message>
    <message>
        <source>&apos;chat_template&apos; must be a string or a list of {{&quot;name&quot;: ..., &quot;template&quot;: ...}} objects</source>
        <translation>&apos;chat_template&apos; 必须是字符串，或 {{&quot;name&quot;: ..., &quot;template&quot;: ...}} 对象的列表</translation>
    </message>
    <message>
        <source>has no &apos;chat_template&apos;</source>
        <translation>没有 &apos;chat_template&apos;</translation>
    </message>
    <message>
        <source>a stop string must be non-empty text, not {value}</source>
        <translation>停止字符串必须是非空文本，而不是 {value}</translation>
    </message>
    <message>
        <source>the chunk size must be at least 1, not {chunk}</source>
        <translation>块大小至少为 1，而不是 {chunk}</translation>
    </message>
    <message>
        <source>metadata key {key!r} has the wrong type ({found})</source>
        <translation>元数据键 {key!r} 的类型不对（{found}）</translation>
    </message>
    <message>
        <source>this GGUF file has no tokenizer (no &apos;tokenizer.ggml.model&apos; key)</source>
        <translation>此 GGUF 文件中没有分词器（没有 &apos;tokenizer.ggml.model&apos; 键）</translation>
    </message>
    <message>
        <source>{key} must be an array of strings</source>
        <translation>{key} 必须是字符串数组</translation>
    </message>
    <message>
        <source>{key} must be an array of numbers</source>
        <translation>{key} 必须是数值数组</translation>
    </message>
    <message>
        <source>tokenizer.ggml.tokens is missing or empty</source>
        <translation>tokenizer.ggml.tokens 缺失或为空</translation>
    </message>
    <message>
        <source>{key} has {entries:,} entries but tokenizer.ggml.tokens has {tokens:,}: they must be the same length</source>
        <translation>{key} 有 {entries:,} 个条目，而 tokenizer.ggml.tokens 有 {tokens:,} 个：两者长度必须相同</translation>
    </message>
    <message>
        <source>tokenizer.ggml.merges is missing: a {model} tokenizer needs its merges</source>
        <translation>缺少 tokenizer.ggml.merges：{model} 分词器需要其合并规则</translation>
    </message>
    <message>
        <source>tokenizer.ggml.scores is missing: a {model} tokenizer needs its scores</source>
        <translation>缺少 tokenizer.ggml.scores：{model} 分词器需要其分数</translation>
    </message>
    <message>
        <source>tokenizer.ggml.tokens repeats {token!r} (IDs {first} and {second})</source>
        <translation>tokenizer.ggml.tokens 重复了 {token!r}（ID {first} 和 {second}）</translation>
    </message>
    <message>
        <source>tokenizer.ggml.precompiled_charsmap must be an array of bytes</source>
        <translation>tokenizer.ggml.precompiled_charsmap 必须是字节数组</translation>
    </message>
    <message>
        <source>tokenizer.ggml.merges[{number}] {merge!r} is not two pieces separated by a space</source>
        <translation>tokenizer.ggml.merges[{number}] {merge!r} 不是以空格分隔的两个片段</translation>
    </message>
    <message>
        <source>tokenizer.json: a Sequence of several processors that add tokens is not supported here</source>
        <translation>tokenizer.json：此处不支持含有多个添加词元的处理器的 Sequence</translation>
    </message>
    <message>
        <source>tokenizer.json: the {kind} post-processor is not supported here</source>
        <translation>tokenizer.json：此处不支持 {kind} 后处理器</translation>
    </message>
    <message>
        <source>tokenizer.json: the unnamed post-processor is not supported here</source>
        <translation>tokenizer.json：此处不支持未命名的后处理器</translation>
    </message>
    <message>
        <source>the template has no pair form: give a pair template (with $A and $B) to encode a pair of texts</source>
        <translation>该模板没有文本对形式：要编码一对文本，请给出文本对模板（含 $A 和 $B）</translation>
    </message>
    <message>
        <source>{which_template} template: {word!r}: the type ID after &apos;:&apos; must be a number</source>
        <translation>{which_template}模板：{word!r}：&apos;:&apos; 之后的类型 ID 必须是数字</translation>
    </message>
    <message>
        <source>{which_template} template: {name!r} is not a token of this tokenizer</source>
        <translation>{which_template}模板：{name!r} 不是此分词器的词元</translation>
    </message>
    <message>
        <source>{which_template} template: $A must appear exactly once (found {count} times) in {text!r}</source>
        <translation>{which_template}模板：$A 必须恰好出现一次（在 {text!r} 中出现了 {count} 次）</translation>
    </message>
    <message>
        <source>pair template: $B must appear exactly once (found {count} times) in {text!r}</source>
        <translation>文本对模板：$B 必须恰好出现一次（在 {text!r} 中出现了 {count} 次）</translation>
    </message>
    <message>
        <source>single template: $B belongs in the pair template ({text!r})</source>
        <translation>单文本模板：$B 应写在文本对模板中（{text!r}）</translation>
    </message>
    <message>
        <source>{which_template} template: {word!r} is neither $A nor $B</source>
        <translation>{which_template}模板：{word!r} 既不是 $A 也不是 $B</translation>
    </message>
    <message>
        <source>max length and stride must not be negative</source>
        <translation>最大长度和步幅不能为负数</translation>
    </message>
    <message>
        <source>truncation side {side!r}: choose right or left</source>
        <translation>截断方向 {side!r}：请选择 right 或 left</translation>
    </message>
    <message>
        <source>truncation strategy {strategy!r}: choose {strategies}</source>
        <translation>截断策略 {strategy!r}：请选择 {strategies}</translation>
    </message>
    <message>
        <source>padding length and multiple must not be negative</source>
        <translation>填充长度和倍数不能为负数</translation>
    </message>
    <message>
        <source>padding side {side!r}: choose right or left</source>
        <translation>填充方向 {side!r}：请选择 right 或 left</translation>
    </message>
    <message>
        <source>a pair template needs the single template too</source>
        <translation>文本对模板也需要单文本模板</translation>
    </message>
    <message>
        <source>stride {stride} is not below the room left for text ({max_length} max length - {added} added special tokens = {room})</source>
        <translation>步幅 {stride} 不小于留给文本的空间（最大长度 {max_length} - 添加的 {added} 个特殊词元 = {room}）</translation>
    </message>
    <message>
        <source>truncation only_second needs a second text</source>
        <translation>only_second 截断需要第二段文本</translation>
    </message>
    <message>
        <source>the {which_text} text has {tokens} tokens; it cannot lose the {remove} the max length asks for ({strategy}): raise the max length or choose longest_first</source>
        <translation>{which_text}文本有 {tokens} 个词元，无法按最大长度的要求去掉 {remove} 个（{strategy}）：请提高最大长度或选择 longest_first</translation>
    </message>
    <message>
        <source>stride {stride} must be below the {keep} tokens this text keeps (tokenizers refuses it too): lower the stride or raise the max length</source>
        <translation>步幅 {stride} 必须小于此文本保留的 {keep} 个词元（tokenizers 同样拒绝）：请降低步幅或提高最大长度</translation>
    </message>
    <message>
        <source>{token!r} is not in the vocabulary</source>
        <translation>{token!r} 不在词表中</translation>
    </message>
    <message>
        <source>id {id} is given to both {first!r} and {second!r}</source>
        <translation>ID {id} 同时分给了 {first!r} 和 {second!r}</translation>
    </message>
    <message>
        <source>allowed_special must be &quot;all&quot; or a set of literals, not {value}</source>
        <translation>allowed_special 必须是 &quot;all&quot; 或字面量集合，而不是 {value}</translation>
    </message>
    <message>
        <source>the render process ended unexpectedly (exit code {exit_code})</source>
        <translation>渲染进程意外结束（退出码 {exit_code}）</translation>
    </message>
    <message>
        <source>the template ran longer than {seconds:g} s; stopped</source>
        <translation>模板运行超过 {seconds:g} 秒；已停止</translation>
    </message>
    <message>
        <source>the render process ended at start-up (exit code {exit_code})</source>
        <translation>渲染进程在启动时结束（退出码 {exit_code}）</translation>
    </message>
    <message>
        <source>the render process did not start</source>
        <translation>渲染进程没有启动</translation>
    </message>
    <message>
        <source>the template ran out of memory</source>
        <translation>模板耗尽了内存</translation>
    </message>
    <message>
        <source>the template produced more than {limit:,} characters; stopped</source>
        <translation>模板输出超过 {limit:,} 个字符；已停止</translation>
    </message>
    <message>
        <source>This tokenizer has several chat templates and none is named &apos;default&apos;: choose one of {names}</source>
        <translation>此分词器有多个对话模板，且没有一个名为 &apos;default&apos;：请从 {names} 中选择一个</translation>
    </message>
    <message>
        <source>This tokenizer has no chat template: choose a template file or a built-in one ({builtins})</source>
        <translation>此分词器没有对话模板：请选择一个模板文件或内置模板（{builtins}）</translation>
    </message>
    <message>
        <source>refusing to replace a folder that is not a bundle</source>
        <translation>拒绝替换一个不是打包文件的文件夹</translation>
    </message>
    <message>
        <source>not a bundle: manifest.json is missing</source>
        <translation>不是打包文件：缺少 manifest.json</translation>
    </message>
    <message>
        <source>not a bundle: the zip holds no manifest.json</source>
        <translation>不是打包文件：zip 中没有 manifest.json</translation>
    </message>
    <message>
        <source>manifest.json does not declare format {format!r}</source>
        <translation>manifest.json 没有声明格式 {format!r}</translation>
    </message>
    <message>
        <source>bundle format version {version} is newer than this workbench reads ({supported})</source>
        <translation>打包文件格式版本 {version} 比本工作台能读取的版本（{supported}）更新</translation>
    </message>
    <message>
        <source>manifest.json lists no files</source>
        <translation>manifest.json 没有列出任何文件</translation>
    </message>
    <message>
        <source>manifest names an unsafe file path {name!r}</source>
        <translation>清单中有不安全的文件路径 {name!r}</translation>
    </message>
    <message>
        <source>{name} is listed in the manifest but missing</source>
        <translation>{name} 列在清单中，但文件缺失</translation>
    </message>
    <message>
        <source>checksum mismatch in {name}: the file was changed after the bundle was saved</source>
        <translation>{name} 的校验和不符：该文件在打包文件保存后被修改过</translation>
    </message>
    <message>
        <source>manifest.json does not say which tokenizer format it holds</source>
        <translation>manifest.json 没有说明其中是哪种分词器格式</translation>
    </message>
    <message>
        <source>its tokenizer does not load: {problem}</source>
        <translation>其中的分词器无法加载：{problem}</translation>
    </message>
    <message>
        <source>its BPE keeps the paper&apos;s separate &lt;/w&gt; end-of-word symbol, which no native format (tokenizer.json, .model, .tiktoken) can express; an export would change its IDs. Use the bundle itself, or retrain with end_of_word &apos;suffix&apos; for a tokenizer.json</source>
        <translation>它的 BPE 保留了论文中单独的 &lt;/w&gt; 词尾符号，任何原生格式（tokenizer.json、.model、.tiktoken）都无法表达；导出会改变它的 ID。请直接使用该打包文件，或以 end_of_word &apos;suffix&apos; 重新训练以得到 tokenizer.json</translation>
    </message>
    <message>
        <source>expected a list of texts or of {{&quot;name&quot;: ..., &quot;text&quot;: ...}}</source>
        <translation>应为文本列表，或 {{&quot;name&quot;: ..., &quot;text&quot;: ...}} 的列表</translation>
    </message>
    <message>
        <source>item {item} is neither a text nor {{&quot;text&quot;: ...}}</source>
        <translation>第 {item} 项既不是文本也不是 {{&quot;text&quot;: ...}}</translation>
    </message>
    <message>
        <source>not a golden file (no &quot;format&quot;: &quot;{format}&quot;)</source>
        <translation>不是黄金样本文件（没有 &quot;format&quot;: &quot;{format}&quot;）</translation>
    </message>
    <message>
        <source>golden file format version {version} is older than this workbench writes ({supported}): lock it again with tokbench golden lock</source>
        <translation>黄金样本文件格式版本 {version} 比本工作台写入的版本（{supported}）更旧：请用 tokbench golden lock 重新锁定</translation>
    </message>
    <message>
        <source>golden file format version {version} is newer than this workbench reads ({supported})</source>
        <translation>黄金样本文件格式版本 {version} 比本工作台能读取的版本（{supported}）更新</translation>
    </message>
    <message>
        <source>the golden file holds no samples list</source>
        <translation>黄金样本文件中没有样本列表</translation>
    </message>
    <message>
        <source>the bundle holds no golden samples (tokbench golden lock BUNDLE)</source>
        <translation>该打包文件中没有黄金样本（tokbench golden lock BUNDLE）</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>this is a binary file, not text (it contains NUL bytes)</source>
        <translation>这是二进制文件，不是文本（含有 NUL 字节）</translation>
    </message>
    <message>
        <source>no field {field!r} in this record</source>
        <translation>此记录中没有字段 {field!r}</translation>
    </message>
    <message>
        <source>field {field!r} is not a string</source>
        <translation>字段 {field!r} 不是字符串</translation>
    </message>
    <message>
        <source>no column {column!r} (columns: {columns})</source>
        <translation>没有列 {column!r}（现有列：{columns}）</translation>
    </message>
    <message>
        <source>row has no column {index}</source>
        <translation>该行没有第 {index} 列</translation>
    </message>
    <message>
        <source>config: {name} must be one of {allowed}, not {value}</source>
        <translation>配置：{name} 必须是 {allowed} 之一，而不是 {value}</translation>
    </message>
    <message>
        <source>config: vocab_size must be positive</source>
        <translation>配置：vocab_size 必须为正数</translation>
    </message>
    <message>
        <source>config: min_frequency must be at least 1</source>
        <translation>配置：min_frequency 至少为 1</translation>
    </message>
    <message>
        <source>config: character_coverage must be in (0, 1]</source>
        <translation>配置：character_coverage 必须在 (0, 1] 之内</translation>
    </message>
    <message>
        <source>config: special_tokens contains an empty token</source>
        <translation>配置：special_tokens 中有一个空词元</translation>
    </message>
    <message>
        <source>config: expected a JSON object</source>
        <translation>配置：应为一个 JSON 对象</translation>
    </message>
    <message>
        <source>config: unknown field {key!r}</source>
        <translation>配置：未知字段 {key!r}</translation>
    </message>
    <message>
        <source>config: unknown field {key!r} (did you mean {close!r}?)</source>
        <translation>配置：未知字段 {key!r}（是否想写 {close!r}？）</translation>
    </message>
    <message>
        <source>config: {name} should be {expected}, not {found} ({value})</source>
        <translation>配置：{name} 应为 {expected}，而不是 {found}（{value}）</translation>
    </message>
    <message>
        <source>a value is expected here</source>
        <translation>此处应有一个值</translation>
    </message>
    <message>
        <source>a key in double quotes is expected here</source>
        <translation>此处应有一个带双引号的键</translation>
    </message>
    <message>
        <source>a &apos;:&apos; is expected after the key</source>
        <translation>键后面应有 &apos;:&apos;</translation>
    </message>
    <message>
        <source>a &apos;,&apos; or a closing bracket is expected here</source>
        <translation>此处应有 &apos;,&apos; 或右括号</translation>
    </message>
    <message>
        <source>a string is not closed</source>
        <translation>有一个字符串没有闭合</translation>
    </message>
    <message>
        <source>a control character (a tab, a line break) inside a string must be escaped</source>
        <translation>字符串中的控制字符（制表符、换行符）必须转义</translation>
    </message>
    <message>
        <source>a backslash escape in a string is not valid</source>
        <translation>字符串中的反斜杠转义无效</translation>
    </message>
    <message>
        <source>more text follows the JSON value</source>
        <translation>JSON 值后面还有多余的文本</translation>
    </message>
    <message>
        <source>a comma before the closing bracket</source>
        <translation>右括号前多了一个逗号</translation>
    </message>
    <message>
        <source>a syntax error</source>
        <translation>语法错误</translation>
    </message>
    <message>
        <source>invalid UTF-8 at byte {byte:,}</source>
        <translation>第 {byte:,} 个字节处的 UTF-8 无效</translation>
    </message>
    <message>
        <source>{kind}</source>
        <translation>{kind}</translation>
    </message>
    <message>
        <source>truncated: the file ends at byte {size:,}, inside {where} (bytes {start:,}–{end:,}); a SentencePiece model must be copied whole</source>
        <translation>文件被截断：文件在第 {size:,} 个字节处结束，位于 {where} 内部（字节 {start:,}–{end:,}）；SentencePiece 模型必须完整复制</translation>
    </message>
    <message>
        <source>truncated: the file ends at byte {size:,}, after {where}, before the normalizer_spec every SentencePiece model has; a SentencePiece model must be copied whole</source>
        <translation>文件被截断：文件在第 {size:,} 个字节处结束，位于 {where} 之后、每个 SentencePiece 模型都有的 normalizer_spec 之前；SentencePiece 模型必须完整复制</translation>
    </message>
    <message>
        <source>piece {number:,}</source>
        <translation>第 {number:,} 个片段</translation>
    </message>
    <message>
        <source>the {field} field</source>
        <translation>{field} 字段</translation>
    </message>
    <message>
        <source>field {number}</source>
        <translation>字段 {number}</translation>
    </message>
    <message>
        <source>a field</source>
        <translation>某个字段</translation>
    </message>
    <message>
        <source>the GGUF header is truncated (the file is shorter than its magic and version)</source>
        <translation>GGUF 文件头被截断（文件比其魔数和版本号还短）</translation>
    </message>
    <message>
        <source>not a GGUF file (it does not start with &apos;GGUF&apos;)</source>
        <translation>不是 GGUF 文件（开头不是 &apos;GGUF&apos;）</translation>
    </message>
    <message>
        <source>GGUF version {version} is not one this workbench reads (versions {supported})</source>
        <translation>本工作台无法读取 GGUF 版本 {version}（可读取的版本：{supported}）</translation>
    </message>
    <message>
        <source>GGUF version {version} (a big-endian file?) is not one this workbench reads (versions {supported})</source>
        <translation>本工作台无法读取 GGUF 版本 {version}（可能是大端序文件？）（可读取的版本：{supported}）</translation>
    </message>
    <message>
        <source>the GGUF header is truncated while reading {where} (byte {byte:,} of {size:,})</source>
        <translation>读取 {where} 时 GGUF 文件头被截断（第 {byte:,} 个字节，共 {size:,} 个）</translation>
    </message>
    <message>
        <source>invalid UTF-8 in {where} at byte {byte:,}</source>
        <translation>{where} 中第 {byte:,} 个字节处的 UTF-8 无效</translation>
    </message>
    <message>
        <source>{where} is an array of unknown value type {kind}</source>
        <translation>{where} 是未知值类型 {kind} 的数组</translation>
    </message>
    <message>
        <source>{where} has unknown value type {kind}</source>
        <translation>{where} 的值类型 {kind} 未知</translation>
    </message>
    <message>
        <source>{where} declares {dimensions} dimensions</source>
        <translation>{where} 声明了 {dimensions} 个维度</translation>
    </message>
    <message>
        <source>the file header</source>
        <translation>文件头</translation>
    </message>
    <message>
        <source>the version</source>
        <translation>版本号</translation>
    </message>
    <message>
        <source>the tensor and key counts</source>
        <translation>张量数和键数</translation>
    </message>
    <message>
        <source>the name of key {number} of {total}</source>
        <translation>第 {number} 个键（共 {total} 个）的名称</translation>
    </message>
    <message>
        <source>key {key!r}</source>
        <translation>键 {key!r}</translation>
    </message>
    <message>
        <source>tensor record {number} of {total}</source>
        <translation>第 {number} 条张量记录（共 {total} 条）</translation>
    </message>
    <message>
        <source>tensor {tensor!r}</source>
        <translation>张量 {tensor!r}</translation>
    </message>
    <message>
        <source>the template calls itself without end (Python&apos;s recursion limit was reached)</source>
        <translation>模板无休止地调用自身（已达到 Python 的递归上限）</translation>
    </message>
    <message>
        <source>unknown source kind {kind!r}; use one of {kinds}</source>
        <translation>未知的来源类型 {kind!r}；请使用以下之一：{kinds}</translation>
    </message>
    <message>
        <source>a sampling weight must be a finite number, 0 or more (not {weight})</source>
        <translation>采样权重须为 0 或更大的有限数（而不是 {weight}）</translation>
    </message>
    <message>
        <source>{options} apply to {option_formats}; this is {format}</source>
        <translation>{options} 仅适用于 {option_formats}；此文件是 {format}</translation>
    </message>
    <message>
        <source>{options} apply to {option_formats}; this is a bundle (its manifest says how it runs)</source>
        <translation>{options} 仅适用于 {option_formats}；此文件是打包文件（其清单规定了运行方式）</translation>
    </message>
    <message>
        <source>1 piece has a new ID (same piece, new ID: a model would read another row for it)</source>
        <translation>1 个片段换了 ID（同一片段，新 ID：模型会为它读取另一行）</translation>
    </message>
    <message>
        <source>1 ID now holds another piece (same ID, new piece: its row was learned for the old one)</source>
        <translation>1 个 ID 现在对应另一个片段（同一 ID，新片段：这一行是为旧片段学习的）</translation>
    </message>
    <message>
        <source>1 piece was removed</source>
        <translation>删除了 1 个片段</translation>
    </message>
    <message>
        <source>1 piece added (ID {first:,}, appended past the old ones)</source>
        <translation>新增 1 个片段（ID {first:,}，追加在旧 ID 之后）</translation>
    </message>
    <message>
        <source>1 piece added (ID {first:,}, inside the old ID range)</source>
        <translation>新增 1 个片段（ID {first:,}，位于旧 ID 范围内）</translation>
    </message>
    <message>
        <source>1 kept piece changed kind (normal / control / user-defined / byte)</source>
        <translation>1 个保留片段的类型改变（普通 / 控制 / 用户定义 / 字节）</translation>
    </message>
    <message>
        <source>1 special token moved: {shown}</source>
        <translation>1 个特殊词元换了 ID：{shown}</translation>
    </message>
    <message>
        <source>1 special token removed: {shown}</source>
        <translation>删除了 1 个特殊词元：{shown}</translation>
    </message>
    <message>
        <source>1 special token added: {shown}</source>
        <translation>新增 1 个特殊词元：{shown}</translation>
    </message>
    <message>
        <source>1 special token changed kind: {shown}</source>
        <translation>1 个特殊词元的类型改变：{shown}</translation>
    </message>
    <message>
        <source>1 kept piece is no longer produced by any merge sequence</source>
        <translation>1 个保留片段已无法由任何合并序列产生</translation>
    </message>
    <message>
        <source>1 piece score changed</source>
        <translation>1 个片段的分数改变</translation>
    </message>
    <message>
        <source>1 ID of the {side} vocabulary repeats a piece another ID has: a mapping could not be made for it (the lowest ID is used)</source>
        <translation>{side}词表中有 1 个 ID 与另一个 ID 的片段重复：无法为它建立映射（使用最小的 ID）</translation>
    </message>
    <message>
        <source>1 special token with another role: {shown}</source>
        <translation>1 个特殊词元的角色不同：{shown}</translation>
    </message>
    <message>
        <source>{tokenizer} failed on 1 document, listed under its failures; the rest was measured</source>
        <translation>{tokenizer} 在 1 个文档上失败，已列在其失败记录中；其余文档已统计</translation>
    </message>
    <message>
        <source>byte-level</source>
        <translation>字节级</translation>
    </message>
    <message>
        <source>WordPiece</source>
        <translation>WordPiece</translation>
    </message>
    <message>
        <source>SentencePiece-style</source>
        <translation>SentencePiece 式</translation>
    </message>
    <message>
        <source>normalizer</source>
        <translation>规范化器</translation>
    </message>
    <message>
        <source>pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <source>model parameters</source>
        <translation>模型参数</translation>
    </message>
    <message>
        <source>post-processor</source>
        <translation>后处理器</translation>
    </message>
    <message>
        <source>decoder</source>
        <translation>解码器</translation>
    </message>
    <message>
        <source>padding / truncation</source>
        <translation>填充 / 截断</translation>
    </message>
    <message>
        <source>chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <source>model binding</source>
        <translation>模型绑定</translation>
    </message>
    <message>
        <source>old</source>
        <comment>the old side of a diff</comment>
        <translation>旧</translation>
    </message>
    <message>
        <source>new</source>
        <comment>the new side of a diff</comment>
        <translation>新</translation>
    </message>
    <message>
        <source>single</source>
        <comment>which template</comment>
        <translation>单文本</translation>
    </message>
    <message>
        <source>pair</source>
        <comment>which template</comment>
        <translation>文本对</translation>
    </message>
    <message>
        <source>first</source>
        <comment>which text of a pair</comment>
        <translation>第一段</translation>
    </message>
    <message>
        <source>second</source>
        <comment>which text of a pair</comment>
        <translation>第二段</translation>
    </message>
    <message>
        <source>preset</source>
        <comment>a loading option</comment>
        <translation>预设</translation>
    </message>
    <message>
        <source>pattern</source>
        <comment>a loading option</comment>
        <translation>正则模式</translation>
    </message>
    <message>
        <source>special tokens</source>
        <comment>a loading option</comment>
        <translation>特殊词元</translation>
    </message>
    <message>
        <source>add BOS</source>
        <comment>a loading option</comment>
        <translation>添加 BOS</translation>
    </message>
    <message>
        <source>add EOS</source>
        <comment>a loading option</comment>
        <translation>添加 EOS</translation>
    </message>
    <message>
        <source>tiktoken rank files</source>
        <translation>tiktoken 排名文件</translation>
    </message>
    <message>
        <source>SentencePiece models</source>
        <translation>SentencePiece 模型</translation>
    </message>
    <message>
        <source>file</source>
        <comment>invalid UTF-8 in the</comment>
        <translation>文件</translation>
    </message>
    <message>
        <source>decompressed file</source>
        <comment>invalid UTF-8 in the</comment>
        <translation>解压后的文件</translation>
    </message>
    <message>
        <source>tokenizer.ggml.model is {model!r}, a tokenizer llama.cpp does not know either; the workbench runs {supported}</source>
        <translation>tokenizer.ggml.model 为 {model!r}，llama.cpp 也不认识这种分词器；工作台可运行 {supported}</translation>
    </message>
    <message>
        <source>the helper process could not encode this large text; it was encoded in this process instead, which may pause the window</source>
        <translation>辅助进程无法编码这段大文本；已改在本进程中编码，窗口可能会暂时无响应</translation>
    </message>
    <message>
        <source>unexpected {kind} in the job</source>
        <translation>任务中出现意外错误 {kind}</translation>
    </message>
    <message>
        <source>token ID {id} at stream position {position} cannot be decoded</source>
        <translation>流位置 {position} 处的词元 ID {id} 无法解码</translation>
    </message>
    <message>
        <source>token ID {id} at prompt position {position} cannot be decoded</source>
        <translation>提示位置 {position} 处的词元 ID {id} 无法解码</translation>
    </message>
    <message>
        <source>{location}: {problem} — ignored</source>
        <translation>{location}：{problem} — 已忽略</translation>
    </message>
    <message>
        <source>not JSON: {problem} at column {column}</source>
        <translation>不是 JSON：第 {column} 列：{problem}</translation>
    </message>
    <message>
        <source>the template refuses a system message</source>
        <translation>模板拒绝系统消息</translation>
    </message>
    <message>
        <source>{n:,} of {samples:,} golden samples get other IDs</source>
        <translation>{samples:,} 个黄金样本中有 {n:,} 个得到不同的 ID</translation>
    </message>
    <message>
        <source>the chat template cannot be rendered</source>
        <translation>无法渲染对话模板</translation>
    </message>
    <message>
        <source>cannot reach the Dask scheduler at {address} within {seconds:.0f} s</source>
        <translation>无法在 {seconds:.0f} 秒内连接到位于 {address} 的 Dask 调度器</translation>
    </message>
    <message>
        <source>tokenizer.ggml.model is {model!r}: the file has no vocabulary (llama.cpp loads no tokenizer from it either); the workbench runs {supported}</source>
        <translation>tokenizer.ggml.model 为 {model!r}：文件没有词表（llama.cpp 也不会从中加载分词器）；工作台可运行 {supported}</translation>
    </message>
    <message>
        <source>tokenizer.ggml.model is {model!r}: llama.cpp runs RWKV&apos;s greedy longest match over escaped byte tokens, which no tokenizers pipeline reproduces; the workbench runs {supported}</source>
        <translation>tokenizer.ggml.model 为 {model!r}：llama.cpp 对转义的字节词元做 RWKV 的贪心最长匹配，没有 tokenizers 流程能复现；工作台可运行 {supported}</translation>
    </message>
    <message>
        <source>tokenizer.ggml.model is {model!r}: llama.cpp runs PLaMo-2&apos;s own table-driven best-path search with byte fallback, which no tokenizers pipeline reproduces; the workbench runs {supported}</source>
        <translation>tokenizer.ggml.model 为 {model!r}：llama.cpp 运行 PLaMo-2 自有的查表式最优路径搜索（带字节回退），没有 tokenizers 流程能复现；工作台可运行 {supported}</translation>
    </message>
    <message>
        <source>tokenizer.ggml.model is {model!r}: llama.cpp cuts the text inside &lt;dna&gt;…&lt;/dna&gt; into 6-letter k-mers padded with A, which no tokenizers pipeline reproduces; the workbench runs {supported}</source>
        <translation>tokenizer.ggml.model 为 {model!r}：llama.cpp 把 &lt;dna&gt;…&lt;/dna&gt; 内的文本切分为 6 个字母的 k-mer（不足补 A），没有 tokenizers 流程能复现；工作台可运行 {supported}</translation>
    </message>
    <message>
        <source>tokenizer.ggml.model is {model!r} with lowercasing on: llama.cpp lowercases with its own one-code-point table, which no tokenizers normalizer reproduces; not run</source>
        <translation>tokenizer.ggml.model 为 {model!r} 且开启小写化：llama.cpp 用它自己的单码位表转小写，没有 tokenizers 规范化器能复现；不运行</translation>
    </message>
    <message>
        <source>tokenizer.ggml.pre is {pre!r}, a pre-tokenizer llama.cpp does not know (it refuses the file too); the workbench will not guess one</source>
        <translation>tokenizer.ggml.pre 为 {pre!r}，llama.cpp 不认识这种预分词器（它也会拒绝此文件）；工作台不会猜测</translation>
    </message>
    <message>
        <source>the merges join newlines without building all {runs} newline tokens: llama.cpp&apos;s Gemma 4 rule (a run of newlines that is a token is taken whole) then has no exact tokenizers pipeline; not run</source>
        <translation>合并规则会合并换行符，却不能构成全部 {runs} 个换行词元：此时 llama.cpp 的 Gemma 4 规则（本身是词元的连续换行整体取用）没有完全一致的 tokenizers 流程；不运行</translation>
    </message>
    <message>
        <source>{flag} is true but the file sets no {key}: llama.cpp refuses to load it</source>
        <translation>{flag} 为 true，但文件未设置 {key}：llama.cpp 会拒绝加载</translation>
    </message>
    <message>
        <source>not a workbench workspace: it has no &quot;{key}&quot; version</source>
        <translation>不是工作台的工作区文件：没有 &quot;{key}&quot; 版本号</translation>
    </message>
    <message>
        <source>the workspace version {version} is not a whole number from 1</source>
        <translation>工作区版本号 {version} 不是从 1 起的整数</translation>
    </message>
    <message>
        <source>this workspace is version {version}; this workbench reads versions up to {supported}</source>
        <translation>此工作区为第 {version} 版；本工作台最多读取第 {supported} 版</translation>
    </message>
    <message>
        <source>{field} is {found}; it should be {expected}</source>
        <translation>{field} 是 {found}；应为 {expected}</translation>
    </message>
    <message>
        <source>{field} is {value!r}; it should be one of {allowed}</source>
        <translation>{field} 为 {value!r}；应为以下之一：{allowed}</translation>
    </message>
    <message>
        <source>{field} is {value}; a sampling weight is a finite number, 0 or more</source>
        <translation>{field} 为 {value}；采样权重须为 0 或更大的有限数</translation>
    </message>
    <message>
        <source>the saved workspace {path} could not be used: {problem}</source>
        <translation>已保存的工作区 {path} 无法使用：{problem}</translation>
    </message>
    <message>
        <source>restored the previous good workspace, {path}</source>
        <translation>已恢复上一个完好的工作区 {path}</translation>
    </message>
    <message>
        <source>tokenizer {path} is gone: not reopened</source>
        <translation>分词器 {path} 已不存在：未重新打开</translation>
    </message>
    <message>
        <source>corpus source {path} is gone: left out of the corpus</source>
        <translation>语料来源 {path} 已不存在：已从语料中略去</translation>
    </message>
    <message>
        <source>chat template file {path} is gone: the tokenizer&apos;s own template is used</source>
        <translation>对话模板文件 {path} 已不存在：改用分词器自带的模板</translation>
    </message>
    <message>
        <source>tokenizer {path} could not be reopened: {problem}</source>
        <translation>分词器 {path} 无法重新打开：{problem}</translation>
    </message>
    <message>
        <source>Align dataset {path} is gone: not reopened</source>
        <translation>对齐数据集 {path} 已不存在：未重新打开</translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message>
        <source>Stage / original text</source>
        <translation>阶段 / 原文本</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>As the model sees it</source>
        <translation>模型看到的形式</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>post-processed IDs · {n}</source>
        <translation>后处理后的 ID · {n}</translation>
    </message>
    <message>
        <source>with post-processor tokens</source>
        <translation>含后处理器添加的词元</translation>
    </message>
    <message>
        <source>pre-tokens · {n}</source>
        <translation>预分词单元 · {n}</translation>
    </message>
    <message>
        <source>{pre_tokenizer} · spans in code points on the original text</source>
        <translation>{pre_tokenizer} · 区间为原文本上的码位</translation>
    </message>
    <message>
        <source>normalizer</source>
        <translation>规范化器</translation>
    </message>
    <message numerus="yes">
        <source>input text · {n} code point(s)</source>
        <translation>
            <numerusform>输入文本 · {n} 个码位</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} · {n} item(s)</source>
        <translation>
            <numerusform>{name} · {n} 项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>model pieces · {n} token(s)</source>
        <translation>
            <numerusform>模型片段 · {n} 个词元</numerusform>
        </translation>
    </message>
    <message>
        <source>spans in code points on the original text</source>
        <translation>区间为原文本上的码位</translation>
    </message>
    <message>
        <source>id {id}</source>
        <translation>ID {id}</translation>
    </message>
    <message>
        <source>special token · id {id}</source>
        <translation>特殊词元 · ID {id}</translation>
    </message>
    <message>
        <source>added token · id {id}</source>
        <translation>添加的词元 · ID {id}</translation>
    </message>
    <message>
        <source>user-defined symbol · id {id}</source>
        <translation>用户定义符号 · ID {id}</translation>
    </message>
</context>
<context>
    <name>PostprocessPanel</name>
    <message>
        <source>Post-processing</source>
        <translation>后处理</translation>
    </message>
    <message>
        <source>A second text, a template of your own, truncation and padding, computed as the tokenizers library does</source>
        <translation>第二段文本、自定义模板、截断与填充，按 tokenizers 库的方式计算</translation>
    </message>
    <message>
        <source>optional second text ($B)</source>
        <translation>可选的第二段文本（$B）</translation>
    </message>
    <message>
        <source>Your own template in the tokenizers syntax: $A the text, special tokens by name, :1 a type ID</source>
        <translation>按 tokenizers 语法自定义模板：$A 为文本，特殊词元写其名称，:1 为类型 ID</translation>
    </message>
    <message>
        <source>The template for a pair: $A and $B</source>
        <translation>文本对的模板：$A 与 $B</translation>
    </message>
    <message>
        <source>Pair text</source>
        <translation>第二段文本</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>文本对</translation>
    </message>
    <message>
        <source>Truncate to</source>
        <translation>截断至</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个词元</translation>
    </message>
    <message>
        <source>longest_first: cut the longer text first; only_first / only_second: cut only that text</source>
        <translation>longest_first：先截断较长的文本；only_first / only_second：只截断该文本</translation>
    </message>
    <message>
        <source>Each overflow window repeats this many tokens of the one before</source>
        <translation>每个溢出窗口重复前一个窗口末尾的这么多个词元</translation>
    </message>
    <message>
        <source>Stride</source>
        <translation>步幅</translation>
    </message>
    <message>
        <source>Pad to</source>
        <translation>填充至</translation>
    </message>
    <message>
        <source>its length</source>
        <translation>自身长度</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>The pad token&apos;s ID; default: the tokenizer&apos;s pad token, else its end-of-sequence token, else 0</source>
        <translation>填充词元的 ID；默认：分词器的填充词元，没有则用其序列结束词元，再没有则为 0</translation>
    </message>
    <message>
        <source>multiple of</source>
        <translation>倍数</translation>
    </message>
    <message>
        <source>side</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>Truncate to this many tokens</source>
        <translation>截断到的词元数</translation>
    </message>
    <message>
        <source>Pad to this many tokens</source>
        <translation>填充到的词元数</translation>
    </message>
    <message>
        <source>Use the file&apos;s settings</source>
        <translation>使用文件自身的设置</translation>
    </message>
    <message>
        <source>The truncation and padding tokenizer.json sets itself (the workbench turns them off to show the text&apos;s own tokens)</source>
        <translation>tokenizer.json 自身设定的截断与填充（工作台默认将其关闭，以显示文本本身的词元）</translation>
    </message>
    <message>
        <source>Pad ID</source>
        <translation>填充 ID</translation>
    </message>
    <message>
        <source>right</source>
        <translation>右侧</translation>
    </message>
    <message>
        <source>left</source>
        <translation>左侧</translation>
    </message>
    <message>
        <source>The side tokens are cut from or padded on</source>
        <translation>截断或填充词元所在的一侧</translation>
    </message>
    <message>
        <source>this tokenizer&apos;s post-processor cannot be described here; the runtime still applies it</source>
        <translation>此分词器的后处理器无法在此描述；运行时仍会应用它</translation>
    </message>
    <message>
        <source>adds nothing: “Add special tokens” is off</source>
        <translation>不添加任何词元：“添加特殊词元”已关闭</translation>
    </message>
    <message>
        <source>{tokens} at the start</source>
        <translation>开头 {tokens}</translation>
    </message>
    <message>
        <source>{tokens} between the texts</source>
        <translation>两段文本之间 {tokens}</translation>
    </message>
    <message>
        <source>{tokens} at the end</source>
        <translation>结尾 {tokens}</translation>
    </message>
    <message>
        <source>adds {parts}</source>
        <translation>添加：{parts}</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>adds nothing</source>
        <translation>不添加任何词元</translation>
    </message>
    <message>
        <source>tokenizer_config.json: add_bos_token / add_eos_token</source>
        <translation>tokenizer_config.json：add_bos_token / add_eos_token</translation>
    </message>
    <message>
        <source>default: the model&apos;s BOS piece, as Llama and Mistral are run</source>
        <translation>默认：模型的 BOS 片段（Llama、Mistral 即如此运行）</translation>
    </message>
    <message>
        <source>tiktoken preset {name}</source>
        <translation>tiktoken 预设 {name}</translation>
    </message>
    <message>
        <source>Tekken: &lt;s&gt; first, as mistral-common encodes a prompt</source>
        <translation>Tekken：&lt;s&gt; 在最前，如 mistral-common 编码提示时那样</translation>
    </message>
    <message>
        <source>your template</source>
        <translation>你的模板</translation>
    </message>
    <message>
        <source>the format adds nothing</source>
        <translation>此格式不添加任何词元</translation>
    </message>
    <message>
        <source>model input: {n} IDs, {second} of them from the second text (green, after the first text&apos;s) · type IDs {types}</source>
        <translation>模型输入：{n} 个 ID，其中 {second} 个来自第二段文本（绿色，接在第一段文本之后）· 类型 ID {types}</translation>
    </message>
    <message>
        <source>the text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>the second text</source>
        <translation>第二段文本</translation>
    </message>
    <message numerus="yes">
        <source>{n} token(s) cut from {which}, code points {start}–{end}: «{text}»</source>
        <translation>
            <numerusform>从{which}截去 {n} 个词元，码位 {start}–{end}：«{text}»</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pad token(s) (attention mask 0, shown grey)</source>
        <translation>
            <numerusform>%n 个填充词元（注意力掩码为 0，灰色显示）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n overflow window(s) hold the rest</source>
        <translation>
            <numerusform>其余部分在 %n 个溢出窗口中</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RankFileDialog</name>
    <message>
        <source>How to run {name}</source>
        <translation>如何运行 {name}</translation>
    </message>
    <message>
        <source>{name} has {n} ranks, as {preset} has. A rank file holds no regex and no special tokens: the preset gives them.</source>
        <translation>{name} 有 {n} 个排名，与 {preset} 相同。排名文件不含正则表达式，也不含特殊词元：二者由预设给出。</translation>
    </message>
    <message>
        <source>{name} has {n} ranks, which matches no known tokenizer. Choose the pre-tokenizer preset it was trained with.</source>
        <translation>{name} 有 {n} 个排名，与任何已知分词器都不相符。请选择训练它时所用的预分词预设。</translation>
    </message>
    <message>
        <source>Preset (regex):</source>
        <translation>预设（正则表达式）：</translation>
    </message>
    <message>
        <source>Special tokens</source>
        <translation>特殊词元</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Special tokens: leave empty to use the preset&apos;s. Given here, they replace the preset&apos;s; IDs must not be ranks (the first free ID is {first}).</source>
        <translation>特殊词元：留空则使用预设的特殊词元。在此填写的特殊词元将取代预设的；ID 不能与排名重复（第一个空闲 ID 为 {first}）。</translation>
    </message>
    <message>
        <source>Place the {n} special tokens of {preset} after the last rank (IDs {first}–{last})</source>
        <translation>把 {preset} 的 {n} 个特殊词元放在最后一个排名之后（ID {first}–{last}）</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
</context>
<context>
    <name>RatioBars</name>
    <message>
        <source>Compare to see the token count ratio per bucket</source>
        <translation>对比后显示各分组的词元数比例</translation>
    </message>
    <message>
        <source>Tokens new / old per bucket</source>
        <translation>各分组词元数 新 / 旧</translation>
    </message>
    <message>
        <source>{ratio} · IDs differ in {share}</source>
        <translation>{ratio} · ID 不同 {share}</translation>
    </message>
</context>
<context>
    <name>RecordView</name>
    <message>
        <source>Record: tokens over the text, spans under it</source>
        <translation>记录：文本上方是词元，下方是区间</translation>
    </message>
    <message>
        <source>{label} [{start}, {end}) “{text}”</source>
        <translation>{label} [{start}, {end})“{text}”</translation>
    </message>
    <message>
        <source>its start falls inside a token</source>
        <translation>其起点落在词元内部</translation>
    </message>
    <message>
        <source>its end falls inside a token</source>
        <translation>其终点落在词元内部</translation>
    </message>
    <message>
        <source>an end falls inside a grapheme (a letter with its marks, an emoji): no token boundary can be there</source>
        <translation>有端点落在字素簇内部（带附加符号的字母、表情符号）：那里不可能有词元边界</translation>
    </message>
</context>
<context>
    <name>ReportPage</name>
    <message>
        <source>Tokenizer diff</source>
        <translation>分词器差异</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Vocabulary (compared by {basis})</source>
        <translation>词表（按{basis}比较）</translation>
    </message>
    <message>
        <source>Special tokens</source>
        <translation>特殊词元</translation>
    </message>
    <message>
        <source>Migration</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流程</translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation>行为</translation>
    </message>
    <message>
        <source>no pipeline part differs</source>
        <translation>流程各部分均无差异</translation>
    </message>
    <message>
        <source>constant offset {offset} from ID {start}</source>
        <translation>从 ID {start} 起固定偏移 {offset}</translation>
    </message>
    <message>
        <source>{strategy}.</source>
        <translation>{strategy}。</translation>
    </message>
    <message>
        <source>{strategy}; {offset}.</source>
        <translation>{strategy}；{offset}。</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>{piece} · id {id}</source>
        <comment>a token&apos;s tooltip: its piece and ID</comment>
        <translation>{piece} · ID {id}</translation>
    </message>
    <message>
        <source>identical</source>
        <translation>完全相同</translation>
    </message>
    <message>
        <source>append-only compatible</source>
        <translation>仅追加兼容</translation>
    </message>
    <message>
        <source>breaking</source>
        <translation>不兼容</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>piece text</source>
        <translation>片段文本</translation>
    </message>
    <message>
        <source>bytes (across families)</source>
        <translation>字节（跨类型）</translation>
    </message>
    <message>
        <source>none needed</source>
        <translation>无需处理</translation>
    </message>
    <message>
        <source>append rows</source>
        <translation>追加行</translation>
    </message>
    <message>
        <source>constant offset</source>
        <translation>固定偏移</translation>
    </message>
    <message>
        <source>reinitialize rows</source>
        <translation>重新初始化行</translation>
    </message>
    <message>
        <source>row map</source>
        <translation>行映射</translation>
    </message>
    <message>
        <source>retrain</source>
        <translation>重新训练</translation>
    </message>
    <message>
        <source>rows added (the matrix grows by)</source>
        <translation>新增行数（矩阵增长量）</translation>
    </message>
    <message>
        <source>× hidden × bytes</source>
        <translation>× 隐藏维度 × 字节</translation>
    </message>
    <message>
        <source>MiB of the added rows, tied (one matrix)</source>
        <translation>新增行的 MiB，共享权重（一个矩阵）</translation>
    </message>
    <message>
        <source>MiB of the added rows, untied (two matrices)</source>
        <translation>新增行的 MiB，不共享权重（两个矩阵）</translation>
    </message>
    <message>
        <source>rows to initialize (pieces new to their ID)</source>
        <translation>需初始化的行（ID 上是新片段）</translation>
    </message>
    <message>
        <source>… of them in IDs the old vocabulary used</source>
        <translation>… 其中位于旧词表用过的 ID 上</translation>
    </message>
    <message>
        <source>assumed (no config.json gave them): {names}</source>
        <translation>假定值（没有 config.json 提供）：{names}</translation>
    </message>
    <message>
        <source>Golden samples of the old tokenizer, verified on the new</source>
        <translation>旧分词器的黄金样本在新分词器上的验证</translation>
    </message>
    <message>
        <source>{n} of {total} samples differ</source>
        <translation>{total} 个样本中有 {n} 个不同</translation>
    </message>
    <message>
        <source>sample</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>old</source>
        <translation>旧</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新</translation>
    </message>
    <message>
        <source>bucket</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>texts</source>
        <translation>文本数</translation>
    </message>
    <message>
        <source>IDs differ</source>
        <translation>ID 不同</translation>
    </message>
    <message>
        <source>new/old</source>
        <translation>新/旧</translation>
    </message>
    <message>
        <source>{texts} texts: IDs differ in {ids}, token strings in {tokens}; tokens new/old {ratio}</source>
        <translation>{texts} 条文本：ID 不同占 {ids}，词元字符串不同占 {tokens}；词元数新/旧 {ratio}</translation>
    </message>
    <message>
        <source>Of {checked} texts whose tokens changed, the old model behind the new pre-tokenizer reproduces {regex} (the regex explains them); the new model behind the old pre-tokenizer {model}.</source>
        <translation>在 {checked} 条词元有变化的文本中，旧模型配新预分词器可复现 {regex} 条（由正则表达式解释）；新模型配旧预分词器可复现 {model} 条。</translation>
    </message>
    <message>
        <source>Most changed examples (old above, new below)</source>
        <translation>变化最大的示例（上为旧，下为新）</translation>
    </message>
    <message>
        <source>Tokenizer diagnostics</source>
        <translation>分词器诊断</translation>
    </message>
    <message>
        <source>created {date}</source>
        <translation>生成于 {date}</translation>
    </message>
    <message>
        <source>{setting}: {value}</source>
        <translation>{setting}：{value}</translation>
    </message>
    <message>
        <source>Parallel corpus {path}: {languages} languages × {sentences} sentences.</source>
        <translation>平行语料 {path}：{languages} 种语言 × {sentences} 个句子。</translation>
    </message>
    <message>
        <source>Corpus: {sources}.</source>
        <translation>语料：{sources}。</translation>
    </message>
    <message>
        <source>{n} bytes</source>
        <translation>{n} 字节</translation>
    </message>
    <message>
        <source>Tokenizers</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>behaviour fingerprint</source>
        <translation>行为指纹</translation>
    </message>
    <message>
        <source>vocabulary fingerprint</source>
        <translation>词表指纹</translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>ids used</source>
        <translation>已用 ID</translation>
    </message>
    <message>
        <source>share used</source>
        <translation>使用比例</translation>
    </message>
    <message>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>overhead</source>
        <translation>开销</translation>
    </message>
    <message>
        <source>failed documents</source>
        <translation>失败文档</translation>
    </message>
    <message>
        <source>worst premium</source>
        <translation>最高溢价</translation>
    </message>
    <message>
        <source>geometric mean</source>
        <translation>几何平均</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Premium per language</source>
        <translation>各语言的溢价</translation>
    </message>
    <message>
        <source>language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>{tokenizer} tokens</source>
        <translation>{tokenizer} 词元数</translation>
    </message>
    <message>
        <source>premium</source>
        <translation>溢价</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <source>pairs</source>
        <translation>注意力对</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>premium = tokens(language) / tokens(pivot) over the same sentences; pairs = premium², the attention pairs of one dense layer for the same content.</source>
        <translation>溢价 = 相同句子上的 词元数(语言) / 词元数(基准语言)；注意力对 = 溢价²，即同样内容在一个稠密层中的注意力对数。</translation>
    </message>
    <message>
        <source>Buckets · {tokenizer}</source>
        <translation>分桶 · {tokenizer}</translation>
    </message>
    <message>
        <source>most used pieces: {pieces}</source>
        <translation>最常用的片段：{pieces}</translation>
    </message>
    <message>
        <source>failed on document {document} of {source}: {error}</source>
        <translation>在 {source} 的第 {document} 个文档上失败：{error}</translation>
    </message>
    <message>
        <source>Tokens are content tokens: no BOS/CLS added, special-token literals read as text. Rates: tokens_per_byte over UTF-8 bytes, tokens_per_cp over code points, fertility over whitespace words of texts that separate words (null where none does); p50…max are tokens per document, nearest rank, exact. Made with tokbench report.</source>
        <translation>词元均为内容词元：不添加 BOS/CLS，特殊词元字面量按文本读取。比率：“词元/字节”以 UTF-8 字节计，“词元/字符”以码位计，“词元/词”以用空白分词的文本中的词计（无此类文本时为 –）；p50…最大 为每个文档的词元数，最近秩法，精确值。由 tokbench report 生成。</translation>
    </message>
    <message>
        <source>Premium against {pivot}: tokens for the same sentences (95% bootstrap interval)</source>
        <translation>相对 {pivot} 的溢价：相同句子的词元数（95% 自助法区间）</translation>
    </message>
    <message>
        <source>Premium per language (pivot {pivot})</source>
        <translation>各语言的溢价（基准 {pivot}）</translation>
    </message>
    <message>
        <source>tokens / pivot&apos;s tokens (95% interval)</source>
        <translation>词元数 / 基准语言词元数（95% 区间）</translation>
    </message>
    <message>
        <source>Premium ranking across tokenizers (blue: fewer tokens than the pivot, red: more)</source>
        <translation>各分词器的溢价排名（蓝：词元少于基准语言，红：多于）</translation>
    </message>
    <message>
        <source>Premium ranking</source>
        <translation>溢价排名</translation>
    </message>
    <message>
        <source>Tokens per UTF-8 byte per language</source>
        <translation>各语言每个 UTF-8 字节的词元数</translation>
    </message>
    <message>
        <source>Tokens per byte</source>
        <translation>每字节词元数</translation>
    </message>
    <message>
        <source>tokens per UTF-8 byte</source>
        <translation>每个 UTF-8 字节的词元数</translation>
    </message>
    <message>
        <source>Document lengths in tokens (all documents)</source>
        <translation>以词元计的文档长度（全部文档）</translation>
    </message>
    <message>
        <source>Length distribution</source>
        <translation>长度分布</translation>
    </message>
    <message>
        <source>tokens per document</source>
        <translation>每个文档的词元数</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>文档数</translation>
    </message>
    <message>
        <source>Vocabulary use: share of all tokens taken by the k most used ids</source>
        <translation>词表使用：最常用的 k 个 ID 占全部词元的比例</translation>
    </message>
    <message>
        <source>Vocabulary use</source>
        <translation>词表使用</translation>
    </message>
    <message>
        <source>most used ids (k)</source>
        <translation>最常用的 ID（k）</translation>
    </message>
    <message>
        <source>share of all tokens</source>
        <translation>占全部词元的比例</translation>
    </message>
    <message>
        <source>old vocabulary size</source>
        <translation>旧词表大小</translation>
    </message>
    <message>
        <source>new vocabulary size</source>
        <translation>新词表大小</translation>
    </message>
    <message>
        <source>same piece, same ID</source>
        <translation>同一片段，同一 ID</translation>
    </message>
    <message>
        <source>moved (another ID)</source>
        <translation>移动（换了 ID）</translation>
    </message>
    <message>
        <source>normalized text</source>
        <translation>规范化文本</translation>
    </message>
    <message>
        <source>pieces</source>
        <translation>片段</translation>
    </message>
    <message>
        <source>IDs</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>spans in bytes</source>
        <translation>区间（字节）</translation>
    </message>
    <message>
        <source>spans in code points</source>
        <translation>区间（码位）</translation>
    </message>
    <message>
        <source>spans in UTF-16 units</source>
        <translation>区间（UTF-16 单元）</translation>
    </message>
    <message>
        <source>spans in grapheme clusters</source>
        <translation>区间（字素簇）</translation>
    </message>
    <message>
        <source>decoded text</source>
        <translation>解码文本</translation>
    </message>
    <message>
        <source>flags</source>
        <translation>标志</translation>
    </message>
    <message>
        <source>special tokens added</source>
        <translation>添加的特殊词元</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>data type</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>tied input and output embeddings</source>
        <translation>输入与输出 Embedding 绑定</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>Code points</source>
        <translation>码位数</translation>
    </message>
    <message>
        <source>Grapheme clusters</source>
        <translation>字素簇数</translation>
    </message>
    <message>
        <source>Tokens/grapheme</source>
        <translation>词元/字素簇</translation>
    </message>
    <message>
        <source>Bytes/token</source>
        <translation>字节/词元</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>词数</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>Round-trip failures</source>
        <translation>往返失败</translation>
    </message>
    <message>
        <source>Round-trip failures after NFKC</source>
        <translation>NFKC 后仍往返失败</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>pivot language</source>
        <translation>基准语言</translation>
    </message>
    <message>
        <source>context window</source>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <source>bootstrap resamples</source>
        <translation>自助法重采样次数</translation>
    </message>
    <message>
        <source>random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>round-trip check</source>
        <translation>往返检查</translation>
    </message>
    <message>
        <source>parallel files of different lengths</source>
        <translation>平行文件行数不同时</translation>
    </message>
    <message>
        <source>languages</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>tokens counted</source>
        <translation>计数的词元</translation>
    </message>
    <message>
        <source>each tokenizer&apos;s own</source>
        <translation>各分词器自带的模板</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>content tokens</source>
        <translation>内容词元</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>golden samples</source>
        <translation>黄金样本</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>cut to the shortest file</source>
        <translation>截到最短的文件</translation>
    </message>
</context>
<context>
    <name>RunMeter</name>
    <message>
        <source>{rate} merges/s</source>
        <translation>每秒 {rate} 次合并</translation>
    </message>
    <message>
        <source>{rate} pieces/s</source>
        <translation>每秒 {rate} 个片段</translation>
    </message>
    <message>
        <source>{rate} rounds/s</source>
        <translation>每秒 {rate} 轮</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>counting words</source>
        <translation>统计词频</translation>
    </message>
    <message>
        <source>counting pairs</source>
        <translation>统计字符对</translation>
    </message>
    <message>
        <source>merges</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>unigram</source>
        <translation>Unigram</translation>
    </message>
    <message>
        <source>EM</source>
        <translation>EM</translation>
    </message>
    <message>
        <source>checking</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>加载</translation>
    </message>
    <message>
        <source>seeding</source>
        <translation>生成初始片段</translation>
    </message>
    <message>
        <source>merging</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>saving</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>loading the bundle</source>
        <translation>加载打包文件</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Reading the corpus</source>
        <translation>读取语料</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/秒</translation>
    </message>
    <message>
        <source>Merges per second</source>
        <translation>每秒合并次数</translation>
    </message>
    <message>
        <source>merges/s</source>
        <translation>合并/秒</translation>
    </message>
    <message>
        <source>SentencePiece BPE: pieces added per second</source>
        <translation>SentencePiece BPE：每秒新增片段数</translation>
    </message>
    <message>
        <source>pieces/s</source>
        <translation>片段/秒</translation>
    </message>
    <message>
        <source>Unigram: vocabulary size per EM round</source>
        <translation>Unigram：每轮 EM 后的词表大小</translation>
    </message>
    <message>
        <source>round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>pieces</source>
        <translation>片段数</translation>
    </message>
    <message>
        <source>SentencePiece EM objective per iteration (falls within a round, rises when pieces are pruned)</source>
        <translation>SentencePiece 每次 EM 迭代的目标值（一轮内下降，剪除片段时上升）</translation>
    </message>
    <message>
        <source>EM iteration</source>
        <translation>EM 迭代</translation>
    </message>
    <message>
        <source>obj</source>
        <translation>目标值</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>{done} of {total} MB</source>
        <translation>{done} / {total} MB</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} / {total}</translation>
    </message>
    <message>
        <source>{pieces} pieces, pruning towards {target}</source>
        <translation>{pieces} 个片段，正剪枝至 {target}</translation>
    </message>
    <message>
        <source>{pieces} pieces</source>
        <translation>{pieces} 个片段</translation>
    </message>
    <message>
        <source>about {seconds} s left</source>
        <translation>约剩 {seconds} 秒</translation>
    </message>
    <message>
        <source>{seconds} s elapsed</source>
        <translation>已用 {seconds} 秒</translation>
    </message>
</context>
<context>
    <name>ScriptHistogram</name>
    <message>
        <source>Script histogram: computed with the statistics</source>
        <translation>文字系统直方图：随统计一同计算</translation>
    </message>
    <message>
        <source>{count} · {share}</source>
        <translation>{count} · {share}</translation>
    </message>
    <message>
        <source>Characters per script</source>
        <translation>各文字系统的字符数</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message numerus="yes">
        <source>replaced %n lone surrogate(s) with U+FFFD</source>
        <translation>
            <numerusform>已将 %n 个孤立代理项替换为 U+FFFD</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsFold</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Show or hide the settings; the results get the room</source>
        <translation>显示或隐藏设置；隐藏时结果区域获得更多空间</translation>
    </message>
</context>
<context>
    <name>SourceEditor</name>
    <message>
        <source>Text: a document per line</source>
        <translation>文本：每行一个文档</translation>
    </message>
    <message>
        <source>Text: a document per blank-line paragraph</source>
        <translation>文本：每个空行分隔的段落一个文档</translation>
    </message>
    <message>
        <source>JSONL: a field of each record</source>
        <translation>JSONL：每条记录的一个字段</translation>
    </message>
    <message>
        <source>CSV: a column</source>
        <translation>CSV：一列</translation>
    </message>
    <message>
        <source>TSV: a column</source>
        <translation>TSV：一列</translation>
    </message>
    <message>
        <source>Dotted path of the text in each JSON record, e.g. text or messages.0.content</source>
        <translation>每条 JSON 记录中文本所在的点分路径，例如 text 或 messages.0.content</translation>
    </message>
    <message>
        <source>Column name (the first row is then a header) or 0-based index</source>
        <translation>列名（此时第一行为表头）或从 0 开始的列号</translation>
    </message>
    <message>
        <source>e.g. en, zh, ja</source>
        <translation>例如 en、zh、ja</translation>
    </message>
    <message>
        <source>e.g. news, code</source>
        <translation>例如 news、code</translation>
    </message>
    <message>
        <source>Sampling weight of this source relative to the others</source>
        <translation>此来源相对于其他来源的采样权重</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>JSON field</source>
        <translation>JSON 字段</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Lang · domain · weight</source>
        <translation>语言 · 领域 · 权重</translation>
    </message>
    <message>
        <source>Selected source: {name}</source>
        <translation>所选来源：{name}</translation>
    </message>
    <message>
        <source>Selected source</source>
        <translation>所选来源</translation>
    </message>
</context>
<context>
    <name>StepsModel</name>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>IDs</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Emitted</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Pending bytes</source>
        <translation>待定字节</translation>
    </message>
    <message>
        <source>Held back</source>
        <translation>暂扣</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>end of stream</source>
        <translation>流结束</translation>
    </message>
    <message>
        <source> (ignored: {ids})</source>
        <translation>（已忽略：{ids}）</translation>
    </message>
    <message>
        <source>stop ID {id}</source>
        <translation>停止 ID {id}</translation>
    </message>
    <message>
        <source>stop string “{stop}”</source>
        <translation>停止字符串“{stop}”</translation>
    </message>
</context>
<context>
    <name>StreamSimulator</name>
    <message>
        <source>What the stream is made of</source>
        <translation>流的内容</translation>
    </message>
    <message>
        <source>Token IDs</source>
        <translation>词元 ID</translation>
    </message>
    <message>
        <source>Text (encoded)</source>
        <translation>文本（编码后）</translation>
    </message>
    <message>
        <source>Paste token IDs (1 2 3, [1, 2, 3] or tokbench inspect --json output)</source>
        <translation>粘贴词元 ID（1 2 3、[1, 2, 3] 或 tokbench inspect --json 的输出）</translation>
    </message>
    <message>
        <source>Special-token literals as special tokens</source>
        <translation>将特殊词元字面量读作特殊词元</translation>
    </message>
    <message>
        <source>A model emits control tokens such as the EOS; read their literals in the text as those IDs</source>
        <translation>模型会输出 EOS 等控制词元；将文本中的这些字面量读作对应的 ID</translation>
    </message>
    <message>
        <source>How many IDs arrive together at each step</source>
        <translation>每一步同时到达的 ID 数量</translation>
    </message>
    <message>
        <source>e.g. 2, 128009</source>
        <translation>例如 2, 128009</translation>
    </message>
    <message>
        <source>none: the stream starts the text</source>
        <translation>无：流即文本的开头</translation>
    </message>
    <message>
        <source>The prompt&apos;s token IDs, which come before the stream (prefill): the decoder&apos;s context. Their text is not emitted; a character they leave open is completed by the first IDs streamed.</source>
        <translation>提示的词元 ID，位于流之前（预填充）：解码器的上下文。它们的文本不会输出；它们留下的未完成字符由流中最先到达的 ID 补全。</translation>
    </message>
    <message>
        <source>Leave out special tokens</source>
        <translation>略去特殊词元</translation>
    </message>
    <message>
        <source>Decode as skip_special_tokens=True: special and control tokens give no text (stop token IDs still stop the stream)</source>
        <translation>按 skip_special_tokens=True 解码：特殊词元和控制词元不产生文本（停止词元 ID 仍会停止流）</translation>
    </message>
    <message>
        <source>One stop string a row; \n, \t and \uXXXX stand for the characters. Double-click a row to edit it.</source>
        <translation>每行一个停止字符串；\n、\t 和 \uXXXX 表示对应字符。双击某行可编辑。</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>⏮ Reset</source>
        <translation>⏮ 重置</translation>
    </message>
    <message>
        <source>◀ Step back</source>
        <translation>◀ 后退一步</translation>
    </message>
    <message>
        <source>Step ▶</source>
        <translation>前进一步 ▶</translation>
    </message>
    <message>
        <source>Run to end ⏭</source>
        <translation>运行到结尾 ⏭</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>导出 JSON…</translation>
    </message>
    <message>
        <source>Save every step as tokbench stream --json prints them</source>
        <translation>按 tokbench stream --json 的输出格式保存每一步</translation>
    </message>
    <message>
        <source>Stream position</source>
        <translation>流中的位置</translation>
    </message>
    <message>
        <source>Streamed IDs</source>
        <translation>流式输出的 ID</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>The text decoded so far, each ID a band behind the text it completed</source>
        <translation>目前已解码的文本，每个 ID 是其补全文本背后的一条色带</translation>
    </message>
    <message>
        <source>IDs</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Each ID as a chip with its bytes</source>
        <translation>每个 ID 显示为带字节的小块</translation>
    </message>
    <message>
        <source>Stream steps</source>
        <translation>流的各步</translation>
    </message>
    <message>
        <source>Chunk size:</source>
        <translation>块大小：</translation>
    </message>
    <message>
        <source>Stop token IDs:</source>
        <translation>停止词元 ID：</translation>
    </message>
    <message>
        <source>Prompt IDs (prefill):</source>
        <translation>提示 ID（预填充）：</translation>
    </message>
    <message>
        <source>Stop strings:</source>
        <translation>停止字符串：</translation>
    </message>
    <message>
        <source>Show the stream as</source>
        <translation>流显示为</translation>
    </message>
    <message>
        <source>earlier steps</source>
        <translation>之前各步</translation>
    </message>
    <message>
        <source>this step&apos;s IDs</source>
        <translation>本步的 ID</translation>
    </message>
    <message>
        <source>waiting for the rest of a character</source>
        <translation>等待字符的其余字节</translation>
    </message>
    <message>
        <source>held back (may become a stop string)</source>
        <translation>暂扣（可能成为停止字符串）</translation>
    </message>
    <message>
        <source>the stop</source>
        <translation>停止处</translation>
    </message>
    <message>
        <source>ignored after the stop</source>
        <translation>停止后被忽略</translation>
    </message>
    <message>
        <source>{n} IDs given; type or paste here to replace them</source>
        <translation>已给定 {n} 个 ID；在此输入或粘贴可替换它们</translation>
    </message>
    <message>
        <source>Type text: it is encoded to IDs, which are then streamed</source>
        <translation>输入文本：先编码为 ID，再以流式输出</translation>
    </message>
    <message>
        <source>Stop token IDs: “{item}” is not an ID (an integer)</source>
        <translation>停止词元 ID：“{item}”不是 ID（整数）</translation>
    </message>
    <message>
        <source>Prompt IDs: “{item}” is not an ID (an integer)</source>
        <translation>提示 ID：“{item}”不是 ID（整数）</translation>
    </message>
    <message>
        <source>Computing the steps…</source>
        <translation>正在计算各步…</translation>
    </message>
    <message>
        <source>Step {k} of {n}</source>
        <translation>第 {k} 步，共 {n} 步</translation>
    </message>
    <message>
        <source>Could not save the steps: {problem}</source>
        <translation>无法保存各步：{problem}</translation>
    </message>
    <message>
        <source>Export the stream&apos;s steps</source>
        <translation>导出流的各步</translation>
    </message>
    <message>
        <source>… {n} earlier IDs</source>
        <translation>… 之前的 {n} 个 ID</translation>
    </message>
    <message>
        <source>{n} IDs to stream: press Step</source>
        <translation>待流式输出 {n} 个 ID：请按“前进一步”</translation>
    </message>
    <message>
        <source>Emitted so far: {n} characters</source>
        <translation>已输出 {n} 个字符</translation>
    </message>
    <message>
        <source>No tokenizer: open one to simulate a stream.</source>
        <translation>没有分词器：请打开一个分词器以模拟流式输出。</translation>
    </message>
    <message>
        <source>Item {k} of the IDs, “{text}”, is not a token ID (an integer)</source>
        <translation>ID 中的第 {k} 项“{text}”不是词元 ID（整数）</translation>
    </message>
    <message>
        <source>Token ID {id} at position {pos} is out of range: this tokenizer has IDs 0–{last}. The stream is shown up to the ID before it.</source>
        <translation>位置 {pos} 的词元 ID {id} 超出范围：此分词器的 ID 为 0–{last}。流只显示到它之前的 ID。</translation>
    </message>
    <message>
        <source>After a prompt of {n} IDs: the decoder&apos;s context, their text is not emitted.</source>
        <translation>接在 {n} 个 ID 的提示之后：它们是解码器的上下文，其文本不会输出。</translation>
    </message>
    <message>
        <source>The prompt leaves {bytes} open: the first IDs streamed complete it.</source>
        <translation>提示留下未完成的 {bytes}：流中最先到达的 ID 将补全它。</translation>
    </message>
    <message>
        <source>Waiting for the rest of a character: {bytes} (nothing of it is emitted yet)</source>
        <translation>等待字符的其余字节：{bytes}（尚未输出其任何部分）</translation>
    </message>
    <message>
        <source>Held back: {bytes} ends in bytes that are no character; a server emits them with the next whole character, or at the end</source>
        <translation>暂扣：{bytes} 以不构成字符的字节结尾；服务器会在下一个完整字符到达时或在流结束时一并输出它们</translation>
    </message>
    <message>
        <source>Held back: “{text}” could still become a stop string</source>
        <translation>暂扣：“{text}”仍可能成为停止字符串</translation>
    </message>
    <message>
        <source>Stopped by {stop} at token index {index} (ID {id}), character offset {offset}; nothing of the stop is emitted</source>
        <translation>在词元索引 {index}（ID {id}）、字符偏移量 {offset} 处因{stop}停止；停止部分不会输出</translation>
    </message>
    <message>
        <source>End of stream: no stop matched.</source>
        <translation>流结束：没有匹配到停止条件。</translation>
    </message>
</context>
<context>
    <name>StreamTextView</name>
    <message>
        <source>Streamed text, each ID a band behind its text</source>
        <translation>流式输出的文本，每个 ID 是其文本背后的一条色带</translation>
    </message>
    <message>
        <source>emitted at step {step}</source>
        <translation>在第 {step} 步输出</translation>
    </message>
    <message>
        <source>emitted at this step ({step})</source>
        <translation>在本步（第 {step} 步）输出</translation>
    </message>
    <message>
        <source>held back: it may still become a stop string</source>
        <translation>暂扣：它仍可能成为停止字符串</translation>
    </message>
    <message>
        <source>waiting for the rest of a character</source>
        <translation>等待字符的其余字节</translation>
    </message>
    <message>
        <source>completed the stop</source>
        <translation>完成了停止</translation>
    </message>
    <message>
        <source>ignored after the stop</source>
        <translation>停止后被忽略</translation>
    </message>
</context>
<context>
    <name>Tasks</name>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>not enough memory for this input</source>
        <translation>内存不足，无法处理此输入</translation>
    </message>
    <message>
        <source>unexpected {kind}: {error}</source>
        <translation>意外错误 {kind}：{error}</translation>
    </message>
</context>
<context>
    <name>TemplateEditor</name>
    <message>
        <source>The chat template (Jinja), as in tokenizer_config.json</source>
        <translation>对话模板（Jinja），与 tokenizer_config.json 中的相同</translation>
    </message>
</context>
<context>
    <name>TemplatePicker</name>
    <message>
        <source>The chat template: the tokenizer&apos;s own (and its named variants), a built-in one, or a file</source>
        <translation>对话模板：分词器自带的（及其命名变体）、内置的，或来自文件</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Put the picked template&apos;s own text back (the edits and the error they made are dropped)</source>
        <translation>放回所选模板自身的文本（丢弃编辑及其造成的错误）</translation>
    </message>
    <message>
        <source>Template file…</source>
        <translation>模板文件…</translation>
    </message>
    <message>
        <source>A .jinja file, or a tokenizer_config.json / chat_template.json holding one</source>
        <translation>.jinja 文件，或含对话模板的 tokenizer_config.json / chat_template.json</translation>
    </message>
    <message>
        <source>Tokenizer&apos;s own (chosen as transformers does)</source>
        <translation>分词器自带（按 transformers 的规则选择）</translation>
    </message>
    <message>
        <source>Tokenizer&apos;s own: {name}</source>
        <translation>分词器自带：{name}</translation>
    </message>
    <message>
        <source>Tokenizer&apos;s own template</source>
        <translation>分词器自带的模板</translation>
    </message>
    <message>
        <source>Built-in: ChatML</source>
        <translation>内置：ChatML</translation>
    </message>
    <message>
        <source>Built-in: [INST] (Llama 2 / Mistral style)</source>
        <translation>内置：[INST]（Llama 2 / Mistral 风格）</translation>
    </message>
    <message>
        <source>File: {name}</source>
        <translation>文件：{name}</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <source>The chat template has edits that are not saved in a file. Save them?</source>
        <translation>对话模板有尚未保存到文件的编辑。要保存吗？</translation>
    </message>
    <message>
        <source>Save the chat template</source>
        <translation>保存对话模板</translation>
    </message>
    <message>
        <source>Jinja templates (*.jinja);;All files (*)</source>
        <translation>Jinja 模板 (*.jinja);;所有文件 (*)</translation>
    </message>
    <message>
        <source>(edited)</source>
        <translation>（已编辑）</translation>
    </message>
    <message>
        <source>Open a chat template</source>
        <translation>打开对话模板</translation>
    </message>
    <message>
        <source>Chat templates (*.jinja *.j2 *.json *.txt);;All files (*)</source>
        <translation>对话模板 (*.jinja *.j2 *.json *.txt);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>TokenCopyActions</name>
    <message>
        <source>Copy rows (TSV, with headers)</source>
        <translation>复制行（TSV，含表头）</translation>
    </message>
    <message>
        <source>Copy IDs as a JSON list</source>
        <translation>复制 ID（JSON 列表）</translation>
    </message>
    <message>
        <source>Copy IDs, space-separated</source>
        <translation>复制 ID（空格分隔）</translation>
    </message>
    <message>
        <source>Copy tokens as a JSON list</source>
        <translation>复制词元（JSON 列表）</translation>
    </message>
    <message>
        <source>Select all</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>Export table as CSV…</source>
        <translation>将表格导出为 CSV…</translation>
    </message>
    <message>
        <source>Export tokens as JSON…</source>
        <translation>将词元导出为 JSON…</translation>
    </message>
    <message numerus="yes">
        <source>Copied {n} row(s) as TSV</source>
        <translation>
            <numerusform>已复制 {n} 行（TSV）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied {n} ID(s) as a JSON list</source>
        <translation>
            <numerusform>已复制 {n} 个 ID（JSON 列表）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied {n} ID(s), space-separated</source>
        <translation>
            <numerusform>已复制 {n} 个 ID（空格分隔）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied {n} token(s) as a JSON list</source>
        <translation>
            <numerusform>已复制 {n} 个词元（JSON 列表）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote {n} token(s) to {path}</source>
        <translation>
            <numerusform>已将 {n} 个词元写入 {path}</numerusform>
        </translation>
    </message>
    <message>
        <source>Export table as CSV</source>
        <translation>将表格导出为 CSV</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export tokens as JSON</source>
        <translation>将词元导出为 JSON</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
</context>
<context>
    <name>TokenTableModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Piece</source>
        <translation>片段</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Span</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>Original text</source>
        <translation>原文本</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标志</translation>
    </message>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>unk</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>byte_fallback</source>
        <translation>字节回退</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>部分字符</translation>
    </message>
    <message>
        <source>inserted</source>
        <translation>插入</translation>
    </message>
    <message>
        <source>pad</source>
        <translation>填充</translation>
    </message>
    <message>
        <source>second_text</source>
        <translation>第二段文本</translation>
    </message>
    <message>
        <source>Span ({unit})</source>
        <translation>区间（{unit}）</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between two flag names</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>token {row}: id {id}</source>
        <translation>词元 {row}：ID {id}</translation>
    </message>
    <message>
        <source>piece: {piece}</source>
        <translation>片段：{piece}</translation>
    </message>
    <message>
        <source>bytes: {hex}</source>
        <translation>字节：{hex}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>flags: {flags}</source>
        <translation>标志：{flags}</translation>
    </message>
    <message>
        <source>covers part of a character: spans in other units are widened outward</source>
        <translation>只覆盖一个字符的一部分：其他单位下的区间向外扩展到整个字符</translation>
    </message>
</context>
<context>
    <name>TokenTextView</name>
    <message>
        <source>Tokens over the text</source>
        <translation>文本上的词元</translation>
    </message>
    <message>
        <source>Copy the text</source>
        <translation>复制文本</translation>
    </message>
    <message>
        <source>Select all</source>
        <translation>全选</translation>
    </message>
    <message>
        <source>text no token covers (the normalizer removed it)</source>
        <translation>没有词元覆盖的文本（被规范化删除）</translation>
    </message>
    <message numerus="yes">
        <source>{n} tokens share this character ({hex}):</source>
        <translation>
            <numerusform>{n} 个词元共用这个字符（{hex}）：</numerusform>
        </translation>
    </message>
    <message>
        <source>#{i} {piece}  id {id}  bytes {hex}</source>
        <translation>#{i} {piece}  ID {id}  字节 {hex}</translation>
    </message>
</context>
<context>
    <name>TokenizerInfo</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Literal</source>
        <translation>字面文本</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Parsable</source>
        <translation>可解析</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>&lt;b&gt;Special tokens&lt;/b&gt;</source>
        <translation>&lt;b&gt;特殊词元&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No tokenizer loaded.</source>
        <translation>未加载分词器。</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>{role} (guess)</source>
        <translation>{role}（推测）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>{role}: {source}</source>
        <translation>{role}：{source}</translation>
    </message>
</context>
<context>
    <name>TokenizerSlot</name>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>(choose a tokenizer)</source>
        <translation>（选择分词器）</translation>
    </message>
    <message>
        <source>{name} (recent)</source>
        <translation>{name}（最近）</translation>
    </message>
    <message>
        <source>Open a tokenizer or bundle</source>
        <translation>打开分词器或打包文件</translation>
    </message>
</context>
<context>
    <name>TrainPane</name>
    <message>
        <source>Custom settings</source>
        <translation>自定义设置</translation>
    </message>
    <message>
        <source>Start from a preset; changing a field makes the settings custom</source>
        <translation>从预设开始；更改任一字段后即为自定义设置</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Load a TrainingConfig JSON file</source>
        <translation>加载 TrainingConfig JSON 文件</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save this configuration as JSON</source>
        <translation>将此配置保存为 JSON</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Go to Corpus</source>
        <translation>前往语料</translation>
    </message>
    <message>
        <source>bundle name (default: algorithm-vocab size)</source>
        <translation>打包文件名称（默认：算法-词表大小）</translation>
    </message>
    <message>
        <source>Start training</source>
        <translation>开始训练</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop training; nothing of the run is kept</source>
        <translation>停止训练；不保留本次运行的任何结果</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>尚未开始。</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>The training log appears here</source>
        <translation>训练日志显示在这里</translation>
    </message>
    <message>
        <source>Show in Inspect</source>
        <translation>在检查中显示</translation>
    </message>
    <message>
        <source>Save bundle…</source>
        <translation>保存打包文件…</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Bytes read</source>
        <translation>读取字节</translation>
    </message>
    <message>
        <source>Used by the trainer</source>
        <translation>训练器使用</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Load training config</source>
        <translation>加载训练配置</translation>
    </message>
    <message>
        <source>Save training config</source>
        <translation>保存训练配置</translation>
    </message>
    <message>
        <source>The workspace&apos;s training configuration was not restored: {problem}</source>
        <translation>工作区的训练配置未能恢复：{problem}</translation>
    </message>
    <message>
        <source>Training config (*.json);;All files (*)</source>
        <translation>训练配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not load the configuration</source>
        <translation>无法加载配置</translation>
    </message>
    <message>
        <source>loaded {name}</source>
        <translation>已加载 {name}</translation>
    </message>
    <message>
        <source>Could not save the configuration</source>
        <translation>无法保存配置</translation>
    </message>
    <message>
        <source>saved {name}</source>
        <translation>已保存 {name}</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b3261e&apos;&gt;&lt;b&gt;The corpus is empty.&lt;/b&gt;&lt;/span&gt; Add sources in the Corpus pane first.</source>
        <translation>&lt;span style=&apos;color:#b3261e&apos;&gt;&lt;b&gt;语料为空。&lt;/b&gt;&lt;/span&gt;请先在语料面板中添加来源。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>untagged</source>
        <translation>未标注</translation>
    </message>
    <message>
        <source>duplicates dropped</source>
        <translation>去除重复</translation>
    </message>
    <message>
        <source>duplicates kept</source>
        <translation>保留重复</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Corpus:&lt;/b&gt; %n source(s), {size} on disk ({languages}) · invalid UTF-8: {policy} · {duplicates}</source>
        <translation>
            <numerusform>&lt;b&gt;语料：&lt;/b&gt;%n 个来源，磁盘上 {size}（{languages}）· 无效 UTF-8：{policy} · {duplicates}</numerusform>
        </translation>
    </message>
    <message>
        <source>the corpus is empty: add sources in the Corpus pane</source>
        <translation>语料为空：请在语料面板中添加来源</translation>
    </message>
    <message>
        <source>Train on the corpus of the Corpus pane</source>
        <translation>用语料面板中的语料进行训练</translation>
    </message>
    <message>
        <source>The corpus is empty: add sources in the Corpus pane first.</source>
        <translation>语料为空：请先在语料面板中添加来源。</translation>
    </message>
    <message>
        <source>The chart fills while training runs</source>
        <translation>训练进行时图表会逐步填充</translation>
    </message>
    <message numerus="yes">
        <source>training {name}: {engine} engine, {algorithm}, vocabulary {vocab}, %n source(s)</source>
        <translation>
            <numerusform>训练 {name}：{engine} 引擎，{algorithm}，词表 {vocab}，%n 个来源</numerusform>
        </translation>
    </message>
    <message>
        <source>training {name}…</source>
        <translation>正在训练 {name}…</translation>
    </message>
    <message>
        <source>stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Stopped after {seconds} s; nothing was kept.</source>
        <translation>已在 {seconds} 秒后停止；未保留任何内容。</translation>
    </message>
    <message>
        <source>stopped ({seconds} s to stop)</source>
        <translation>已停止（停止用时 {seconds} 秒）</translation>
    </message>
    <message>
        <source>training stopped</source>
        <translation>训练已停止</translation>
    </message>
    <message>
        <source>The run stopped before there was anything to chart</source>
        <translation>训练在有可绘制的内容之前就已停止</translation>
    </message>
    <message>
        <source>failed: {message}</source>
        <translation>失败：{message}</translation>
    </message>
    <message>
        <source>the trainer said: {details}</source>
        <translation>训练器原文：{details}</translation>
    </message>
    <message>
        <source>Done in {seconds} s.</source>
        <translation>用时 {seconds} 秒完成。</translation>
    </message>
    <message>
        <source>done: {tokens} tokens in {seconds} s</source>
        <translation>完成：{tokens} 个词元，用时 {seconds} 秒</translation>
    </message>
    <message>
        <source>note: {note}</source>
        <translation>注意：{note}</translation>
    </message>
    <message>
        <source>trained {name} ({tokens} tokens); it is open in the Inspect pane</source>
        <translation>已训练 {name}（{tokens} 个词元）；已在检查面板中打开</translation>
    </message>
    <message>
        <source>Unigram: log-likelihood per EM round (higher is better)</source>
        <translation>Unigram：每轮 EM 的对数似然（越高越好）</translation>
    </message>
    <message>
        <source>round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>log L</source>
        <translation>对数似然</translation>
    </message>
    <message>
        <source>Pair count of each merge, in merge order (the run was too quick to chart merges per second)</source>
        <translation>每次合并的字符对计数，按合并顺序（训练太快，无法绘制每秒合并次数）</translation>
    </message>
    <message>
        <source>merge rank</source>
        <translation>合并排名</translation>
    </message>
    <message>
        <source>count</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>This trainer reported no figures to chart for this run</source>
        <translation>此训练器在本次训练中没有报告可绘制的数字</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;: {tokens} tokens ({engine} · {algorithm}) in {seconds} s — open in the Inspect pane; not saved yet.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;：{tokens} 个词元（{engine} · {algorithm}），用时 {seconds} 秒 — 已在检查面板中打开；尚未保存。</translation>
    </message>
    <message>
        <source>The trainer was offered {bytes} bytes in {sentences} sentences and used all of them (none skipped, none sampled away).</source>
        <translation>提供给训练器 {bytes} 字节，共 {sentences} 个句子，全部被使用（没有跳过，也没有被采样丢弃）。</translation>
    </message>
    <message>
        <source>The trainer was offered {bytes} bytes in {sentences} sentences and used {used} bytes.</source>
        <translation>提供给训练器 {bytes} 字节，共 {sentences} 个句子，使用了 {used} 字节。</translation>
    </message>
    <message>
        <source>The trainer was offered {bytes} bytes in {sentences} sentences and skipped {skipped} as too long.</source>
        <translation>提供给训练器 {bytes} 字节，共 {sentences} 个句子，其中 {skipped} 个因过长被跳过。</translation>
    </message>
    <message>
        <source>Trained on {words} distinct words ({tokens} in all).</source>
        <translation>在 {words} 个不同的词上训练（共 {tokens} 个）。</translation>
    </message>
    <message>
        <source>unknown (the trainer reports totals only)</source>
        <translation>未知（训练器只报告总数）</translation>
    </message>
</context>
<context>
    <name>TrainingConfigForm</name>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Min frequency</source>
        <translation>最低频次</translation>
    </message>
    <message>
        <source>Special tokens</source>
        <translation>特殊词元</translation>
    </message>
    <message>
        <source>Unicode normalizer</source>
        <translation>Unicode 规范化</translation>
    </message>
    <message>
        <source>Lowercase</source>
        <translation>转为小写</translation>
    </message>
    <message>
        <source>Strip accents</source>
        <translation>去除重音符号</translation>
    </message>
    <message>
        <source>Pre-tokenizer</source>
        <translation>预分词器</translation>
    </message>
    <message>
        <source>Split digits</source>
        <translation>拆分数字</translation>
    </message>
    <message>
        <source>End of word</source>
        <translation>词尾标记</translation>
    </message>
    <message>
        <source>Byte fallback</source>
        <translation>字节回退</translation>
    </message>
    <message>
        <source>Character coverage</source>
        <translation>字符覆盖率</translation>
    </message>
    <message>
        <source>Limit alphabet</source>
        <translation>字母表上限</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>reference: the workbench&apos;s own readable algorithms · sentencepiece: SentencePieceTrainer · hf: the tokenizers trainers (fast)</source>
        <translation>参考实现：工作台自带的可读算法 · SentencePiece：SentencePieceTrainer · Hugging Face：tokenizers 的训练器（快速）</translation>
    </message>
    <message>
        <source>Separated by spaces; they get the lowest IDs, in this order</source>
        <translation>以空格分隔；按此顺序获得最小的 ID</translation>
    </message>
    <message>
        <source>whitespace, metaspace (▁ prefix), bytelevel, or regex:&lt;preset or pattern&gt;</source>
        <translation>whitespace、metaspace（▁ 前缀）、bytelevel，或 regex:&lt;预设或正则&gt;</translation>
    </message>
    <message>
        <source>symbol: the paper&apos;s separate &lt;/w&gt; (runs on the workbench&apos;s own encoder; no tokenizer.json) · suffix: on the last character (as HF) · none</source>
        <translation>单独的 &lt;/w&gt; 符号：论文中的做法（由工作台自带的编码器运行；无 tokenizer.json）· 后缀：附在最后一个字符上（同 HF）· 无</translation>
    </message>
    <message>
        <source>Share of characters kept; rarer ones go to byte fallback or &lt;unk&gt;</source>
        <translation>保留字符的比例；更罕见的字符交给字节回退或 &lt;unk&gt;</translation>
    </message>
    <message>
        <source>Keep only this many most frequent characters (0 = no limit)</source>
        <translation>只保留这么多个最常见的字符（0 = 不限）</translation>
    </message>
    <message>
        <source>A merge needs a pair seen at least this often</source>
        <translation>一个字符对至少出现这么多次才会被合并</translation>
    </message>
    <message>
        <source>reference (the workbench&apos;s own)</source>
        <translation>参考实现（工作台自带）</translation>
    </message>
    <message>
        <source>SentencePiece</source>
        <translation>SentencePiece</translation>
    </message>
    <message>
        <source>Hugging Face tokenizers</source>
        <translation>Hugging Face tokenizers</translation>
    </message>
    <message>
        <source>BPE</source>
        <translation>BPE</translation>
    </message>
    <message>
        <source>byte-level BPE</source>
        <translation>字节级 BPE</translation>
    </message>
    <message>
        <source>WordPiece</source>
        <translation>WordPiece</translation>
    </message>
    <message>
        <source>Unigram</source>
        <translation>Unigram</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>separate &lt;/w&gt; symbol</source>
        <translation>单独的 &lt;/w&gt; 符号</translation>
    </message>
    <message>
        <source>suffix on the last character</source>
        <translation>附在最后一个字符上</translation>
    </message>
    <message>
        <source>GPT-2-like byte-level BPE</source>
        <translation>类 GPT-2 字节级 BPE</translation>
    </message>
    <message>
        <source>BERT-like WordPiece</source>
        <translation>类 BERT WordPiece</translation>
    </message>
    <message>
        <source>SentencePiece-like Unigram</source>
        <translation>类 SentencePiece Unigram</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>not used by the {engine} engine for this algorithm</source>
        <translation>{engine} 引擎在此算法下不使用此项</translation>
    </message>
    <message>
        <source>⚠ {problem}</source>
        <translation>⚠ {problem}</translation>
    </message>
    <message>
        <source>SentencePiece splits words itself: a space becomes ▁ (U+2581), the start of the next piece.</source>
        <translation>SentencePiece 自行切分单词：空格变为 ▁（U+2581），作为下一个片段的开头。</translation>
    </message>
    <message>
        <source>Words are split with {pre_tokenizer}.</source>
        <translation>用 {pre_tokenizer} 切分单词。</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>UTF-8 bytes</source>
        <translation>UTF-8 字节</translation>
    </message>
    <message>
        <source>code points</source>
        <translation>码位</translation>
    </message>
    <message>
        <source>UTF-16 units</source>
        <translation>UTF-16 单元</translation>
    </message>
    <message>
        <source>graphemes</source>
        <translation>字素簇</translation>
    </message>
</context>
<context>
    <name>VariablesEditor</name>
    <message>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Value (JSON)</source>
        <translation>值（JSON）</translation>
    </message>
    <message>
        <source>+ Add variable</source>
        <translation>+ 添加变量</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Variables the template reads besides the messages, each a JSON value: enable_thinking = false, date_string = &quot;26 Jul 2024&quot;, a string in quotes.</source>
        <translation>模板除消息外读取的变量，每个都是 JSON 值：enable_thinking = false，date_string = &quot;26 Jul 2024&quot;，字符串需加引号。</translation>
    </message>
    <message>
        <source>row {row}: {name!r} is not a variable name</source>
        <translation>第 {row} 行：{name!r} 不是变量名</translation>
    </message>
    <message>
        <source>row {row}: {name}: {value!r} is not a JSON value ({problem}); a string needs quotes</source>
        <translation>第 {row} 行：{name}：{value!r} 不是 JSON 值（{problem}）；字符串需加引号</translation>
    </message>
</context>
<context>
    <name>VocabBrowser</name>
    <message>
        <source>encoding every token&apos;s text</source>
        <translation>正在编码每个词元的文本</translation>
    </message>
    <message>
        <source>replaying merges</source>
        <translation>正在重放合并规则</translation>
    </message>
    <message>
        <source>checking pieces</source>
        <translation>正在检查片段</translation>
    </message>
    <message>
        <source>counting use on the corpus</source>
        <translation>正在统计语料中的使用</translation>
    </message>
    <message>
        <source>Search piece or text, or type an ID…</source>
        <translation>搜索片段或文本，或输入 ID…</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Sort by</source>
        <translation>排序方式</translation>
    </message>
    <message>
        <source>Stop the audit; nothing of it is kept</source>
        <translation>停止审计；不保留其任何结果</translation>
    </message>
    <message>
        <source>Audit vocabulary</source>
        <translation>审计词表</translation>
    </message>
    <message>
        <source>Encode every token&apos;s own text, look for sensitive or boilerplate pieces and, with sources in the Corpus pane, count which tokens the corpus uses</source>
        <translation>编码每个词元自身的文本，查找敏感或样板片段；若“语料”面板中有来源，还统计语料使用了哪些词元</translation>
    </message>
    <message>
        <source>Your own names to look for, comma-separated</source>
        <translation>要查找的自有名称，用逗号分隔</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message numerus="yes">
        <source>{shown} of {n} entry(s)</source>
        <translation>
            <numerusform>{shown} / {n} 个词表条目</numerusform>
        </translation>
    </message>
    <message>
        <source>all tokens</source>
        <translation>全部词元</translation>
    </message>
    <message>
        <source>{group} ({n})</source>
        <translation>{group}（{n}）</translation>
    </message>
    <message>
        <source>Stop audit</source>
        <translation>停止审计</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>audit failed: {message}</source>
        <translation>审计失败：{message}</translation>
    </message>
    <message>
        <source>Export the audit</source>
        <translation>导出审计结果</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV, one row per token (*.csv)</source>
        <translation>JSON (*.json);;CSV，每个词元一行 (*.csv)</translation>
    </message>
    <message>
        <source>could not write {path}: {reason}</source>
        <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>exported the audit to {path}</source>
        <translation>已将审计结果导出到 {path}</translation>
    </message>
</context>
<context>
    <name>VocabDiffModel</name>
    <message>
        <source>Old ID</source>
        <translation>旧 ID</translation>
    </message>
    <message>
        <source>Old piece</source>
        <translation>旧片段</translation>
    </message>
    <message>
        <source>New ID</source>
        <translation>新 ID</translation>
    </message>
    <message>
        <source>New piece</source>
        <translation>新片段</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>same piece, new ID</source>
        <translation>同一片段，新 ID</translation>
    </message>
    <message>
        <source>same ID, new piece</source>
        <translation>同一 ID，新片段</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>kind changed</source>
        <translation>类型改变</translation>
    </message>
</context>
<context>
    <name>VocabModel</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Piece</source>
        <translation>片段</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>审计</translation>
    </message>
    <message>
        <source>Length ↑ (shortest first)</source>
        <translation>长度 ↑ 从短到长</translation>
    </message>
    <message>
        <source>Length ↓ (longest first)</source>
        <translation>长度 ↓ 从长到短</translation>
    </message>
    <message>
        <source>Corpus count ↑ (rarest first)</source>
        <translation>语料次数 ↑ 从少到多</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>部分字符</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>不可达</translation>
    </message>
    <message>
        <source>word-internal</source>
        <translation>词内</translation>
    </message>
    <message>
        <source>no merge forms it</source>
        <translation>合并无法生成</translation>
    </message>
    <message>
        <source>unused</source>
        <translation>未使用</translation>
    </message>
    <message>
        <source>sensitive</source>
        <translation>敏感</translation>
    </message>
    <message>
        <source>near-duplicate</source>
        <translation>近似重复</translation>
    </message>
    <message>
        <source>special</source>
        <translation>特殊</translation>
    </message>
    <message>
        <source>e-mail</source>
        <translation>电子邮件</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>tracking parameter</source>
        <translation>跟踪参数</translation>
    </message>
    <message>
        <source>hex run</source>
        <translation>十六进制串</translation>
    </message>
    <message>
        <source>base64 run</source>
        <translation>base64 串</translation>
    </message>
    <message>
        <source>phone number</source>
        <translation>电话号码</translation>
    </message>
    <message>
        <source>long digit run</source>
        <translation>长数字串</translation>
    </message>
    <message>
        <source>domain</source>
        <translation>域名</translation>
    </message>
    <message>
        <source>file path</source>
        <translation>文件路径</translation>
    </message>
    <message>
        <source>markup</source>
        <translation>标记（HTML 等）</translation>
    </message>
    <message>
        <source>your name</source>
        <translation>自有名称</translation>
    </message>
    <message>
        <source>empty (never produced by encoding)</source>
        <translation>空（编码永远不会产生）</translation>
    </message>
    <message>
        <source>(unassigned)</source>
        <translation>（未分配）</translation>
    </message>
    <message>
        <source>unassigned</source>
        <translation>未分配</translation>
    </message>
    <message>
        <source>{badge}: {rule}</source>
        <translation>{badge}：{rule}</translation>
    </message>
    <message>
        <source>its own text encodes to: {pieces}</source>
        <translation>其自身文本编码为：{pieces}</translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>word-internal: only follows other text of its word</source>
        <translation>词内：只出现在同一词中其他文本之后</translation>
    </message>
    <message>
        <source>partial: its bytes are not whole UTF-8 characters</source>
        <translation>部分字符：其字节不是完整的 UTF-8 字符</translation>
    </message>
    <message>
        <source>no merge yields it</source>
        <translation>没有合并规则能生成它</translation>
    </message>
    <message>
        <source>its merge never applies: better-ranked merges take its symbols first</source>
        <translation>它的合并永远不会发生：排名更靠前的合并会先用掉它的符号</translation>
    </message>
    <message>
        <source>sensitive: matches the rule {rule}</source>
        <translation>敏感：匹配规则 {rule}</translation>
    </message>
    <message>
        <source>the corpus never produced it</source>
        <translation>语料从未产生它</translation>
    </message>
    <message>
        <source>near-duplicate of another piece (case, space or width)</source>
        <translation>与另一片段近似重复（大小写、空格或全角/半角）</translation>
    </message>
    <message>
        <source>continuation ({prefix})</source>
        <translation>续接片段（{prefix}）</translation>
    </message>
</context>
<context>
    <name>WordTexts</name>
    <message numerus="yes">
        <source>%n merge(s)</source>
        <translation>
            <numerusform>%n 次合并</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s)</source>
        <translation>
            <numerusform>%n 个候选</numerusform>
        </translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>（无）</translation>
    </message>
</context>
<context>
    <name>WordsModel</name>
    <message>
        <source>pre-token</source>
        <translation>预分词单元</translation>
    </message>
    <message>
        <source>why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>{tokens}
ids {ids}</source>
        <translation>{tokens}
ID {ids}</translation>
    </message>
</context>
</TS>
