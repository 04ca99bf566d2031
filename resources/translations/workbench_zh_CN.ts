<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
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
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#d32f2f&apos;&gt;Red wavy underline&lt;/span&gt;: a token at a place where the tokenizers cut the text differently.</source>
        <translation>&lt;span style=&apos;color:#d32f2f&apos;&gt;红色波浪下划线&lt;/span&gt;：该词元所在之处，各分词器对文本的切分不同。</translation>
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
        <source>Repeated documents skew merge counts (they are counted and reported either way). Off, a word written on five lines counts five times, as in the seeds&apos; worked examples. This is the training config&apos;s &apos;deduplicate&apos;.</source>
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last: {value} {unit}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Tokenizers (*.json *.model *.tiktoken *.txt *.zip)</source>
        <translation>分词器 (*.json *.model *.tiktoken *.txt *.zip)</translation>
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
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The menus and tabs now use the new language. The panes switch to it the next time you start the workbench.</source>
        <translation>菜单和标签页已切换为新语言。各面板将在下次启动工作台时切换。</translation>
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
</context>
<context>
    <name>Notes</name>
    <message>
        <source>special-token literal {literal!r} at code point {start} kept as plain text (possible injection)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>special-token literal {literal!r} at code point {start} parsed as a special token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>special-token literals further on: {count:,}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SentencePiece never parses control symbols from text; they stay plain text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode(encode(text)) differs from the text in code points {start}–{end}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline stages show the first {limit:,} characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the helper process could not encode this large text ({reason}); it was encoded in this process instead, which may pause the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{error} — ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file pads every encoding ({length}); padding is off here so you see the text&apos;s own tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file truncates at {max_length:,} tokens; truncation is off here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the paper&apos;s separate &lt;/w&gt; end-of-word symbol, which tokenizer.json cannot express: run by the workbench&apos;s reference BPE encoder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{ranks:,} ranks match no known preset; the cl100k regex is used (choose a preset or give a pattern)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {line}: token {token} is listed again (rank {before} before); its later rank {rank} is used, as tiktoken&apos;s loader does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset {preset}: its regex and special tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset {preset}: {normalization} normalization first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preset {preset}: {bos} added at the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vocab.txt run as BERT WordPiece (lowercased, from tokenizer_config.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vocab.txt run as BERT WordPiece (lowercased, guessed from the vocabulary)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vocab.txt run as BERT WordPiece (cased, from tokenizer_config.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vocab.txt run as BERT WordPiece (cased, guessed from the vocabulary)</source>
        <translation type="unfinished"></translation>
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
        <source>row</source>
        <translation>行</translation>
    </message>
</context>
<context>
    <name>RunMeter</name>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the corpus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merges per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merges/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SentencePiece BPE: pieces added per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pieces/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unigram: vocabulary size per EM round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pieces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SentencePiece EM objective per iteration (falls within a round, rises when pieces are pruned)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EM iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>obj</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScriptHistogram</name>
    <message>
        <source>Script histogram: computed with the statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} · {share}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Characters per script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
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
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>TrainPane</name>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chart fills while training runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trainer said: {details}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: {note}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unigram: log-likelihood per EM round (higher is better)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair count of each merge, in merge order (the run was too quick to chart merges per second)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merge rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This trainer reported no figures to chart for this run</source>
        <translation type="unfinished"></translation>
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
    <name>VocabBrowser</name>
    <message>
        <source>Search piece or text, or type an ID…</source>
        <translation>搜索片段或文本，或输入 ID…</translation>
    </message>
    <message>
        <source>Sort by</source>
        <translation>排序方式</translation>
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
        <source>Length ↑ (shortest first)</source>
        <translation>长度 ↑ 从短到长</translation>
    </message>
    <message>
        <source>Length ↓ (longest first)</source>
        <translation>长度 ↓ 从长到短</translation>
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
