<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en">
<context>
    <name>AlignPane</name>
    <message numerus="yes">
        <source>%n tokenizer(s)</source>
        <translation>
            <numerusform>%n tokenizer</numerusform>
            <numerusform>%n tokenizers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareColumn</name>
    <message numerus="yes">
        <source>&lt;b&gt;{n}&lt;/b&gt; token(s) · {bpt} bytes/token&lt;br&gt;{tpc} tokens/char · {trip}</source>
        <translation>
            <numerusform>&lt;b&gt;{n}&lt;/b&gt; token · {bpt} bytes/token&lt;br&gt;{tpc} tokens/char · {trip}</numerusform>
            <numerusform>&lt;b&gt;{n}&lt;/b&gt; tokens · {bpt} bytes/token&lt;br&gt;{tpc} tokens/char · {trip}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} token(s) where the cuts differ</source>
        <translation>
            <numerusform>{n} token where the cuts differ</numerusform>
            <numerusform>{n} tokens where the cuts differ</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message numerus="yes">
        <source>Tick up to {n} tokenizer(s).</source>
        <translation>
            <numerusform>Tick up to {n} tokenizer.</numerusform>
            <numerusform>Tick up to {n} tokenizers.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At most {n} side by side.</source>
        <translation>
            <numerusform>At most {n} side by side.</numerusform>
            <numerusform>At most {n} side by side.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusPane</name>
    <message numerus="yes">
        <source>checking %n file(s)…</source>
        <translation>
            <numerusform>checking %n file…</numerusform>
            <numerusform>checking %n files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>added %n source(s)</source>
        <translation>
            <numerusform>added %n source</numerusform>
            <numerusform>added %n sources</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more</source>
        <translation>
            <numerusform>…and %n more</numerusform>
            <numerusform>…and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; line(s) with invalid UTF-8 were replaced (policy &lt;i&gt;replace&lt;/i&gt;); the first ones are listed below.</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; line with invalid UTF-8 was replaced (policy &lt;i&gt;replace&lt;/i&gt;); it is listed below.</numerusform>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; lines with invalid UTF-8 were replaced (policy &lt;i&gt;replace&lt;/i&gt;); the first ones are listed below.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n source</numerusform>
            <numerusform>%n sources</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n&lt;/b&gt; source(s) · &lt;b&gt;{size}&lt;/b&gt; on disk · languages: {languages}</source>
        <translation>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; source · &lt;b&gt;{size}&lt;/b&gt; on disk · languages: {languages}</numerusform>
            <numerusform>&lt;b&gt;%n&lt;/b&gt; sources · &lt;b&gt;{size}&lt;/b&gt; on disk · languages: {languages}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CorpusStatsModel</name>
    <message numerus="yes">
        <source>%Ln byte(s) go to training: each source&apos;s documents times its sampling weight</source>
        <translation>
            <numerusform>%Ln byte goes to training: each source&apos;s documents times its sampling weight</numerusform>
            <numerusform>%Ln bytes go to training: each source&apos;s documents times its sampling weight</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln byte(s)</source>
        <translation>
            <numerusform>%Ln byte</numerusform>
            <numerusform>%Ln bytes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Describe</name>
    <message numerus="yes">
        <source>{name} v{version}, %n file(s) verified, created {created}</source>
        <translation>
            <numerusform>{name} v{version}, %n file verified, created {created}</numerusform>
            <numerusform>{name} v{version}, %n files verified, created {created}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln character(s)</source>
        <translation>
            <numerusform>%Ln character</numerusform>
            <numerusform>%Ln characters</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiagnosticsPane</name>
    <message numerus="yes">
        <source>%n tokenizer(s)</source>
        <translation>
            <numerusform>%n tokenizer</numerusform>
            <numerusform>%n tokenizers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExplainView</name>
    <message numerus="yes">
        <source>✔ explainer matches runtime: %n token(s)</source>
        <translation>
            <numerusform>✔ explainer matches runtime: %n token</numerusform>
            <numerusform>✔ explainer matches runtime: %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;{how}&lt;/b&gt; of {text}{span}&lt;br&gt;→ &lt;b&gt;%n token(s)&lt;/b&gt;: {tokens} &amp;nbsp;{ids}</source>
        <translation>
            <numerusform>&lt;b&gt;{how}&lt;/b&gt; of {text}{span}&lt;br&gt;→ &lt;b&gt;%n token&lt;/b&gt;: {tokens} &amp;nbsp;{ids}</numerusform>
            <numerusform>&lt;b&gt;{how}&lt;/b&gt; of {text}{span}&lt;br&gt;→ &lt;b&gt;%n tokens&lt;/b&gt;: {tokens} &amp;nbsp;{ids}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n best segmentation(s)&lt;/b&gt; — P(all) = exp(score − log Z), Z summed over all segmentations by the forward algorithm; share = among these n-best only</source>
        <translation>
            <numerusform>&lt;b&gt;%n best segmentation&lt;/b&gt; — P(all) = exp(score − log Z), Z summed over all segmentations by the forward algorithm; share = among these n-best only</numerusform>
            <numerusform>&lt;b&gt;%n best segmentations&lt;/b&gt; — P(all) = exp(score − log Z), Z summed over all segmentations by the forward algorithm; share = among these n-best only</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InspectPane</name>
    <message numerus="yes">
        <source>replaced {n} lone surrogate(s) from the clipboard with U+FFFD</source>
        <translation>
            <numerusform>replaced {n} lone surrogate from the clipboard with U+FFFD</numerusform>
            <numerusform>replaced {n} lone surrogates from the clipboard with U+FFFD</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name}: {n} token(s) in {ms} ms</source>
        <translation>
            <numerusform>{name}: {n} token in {ms} ms</numerusform>
            <numerusform>{name}: {n} tokens in {ms} ms</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Showing the first {shown} of {n} token(s) as chips (the table has all) — show {more} more</source>
        <translation>
            <numerusform>Showing the first {shown} of {n} token as chips (the table has all) — show {more} more</numerusform>
            <numerusform>Showing the first {shown} of {n} tokens as chips (the table has all) — show {more} more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} grapheme(s)</source>
        <translation>
            <numerusform>{n} grapheme</numerusform>
            <numerusform>{n} graphemes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} code point(s)</source>
        <translation>
            <numerusform>{n} code point</numerusform>
            <numerusform>{n} code points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} UTF-16 unit(s)</source>
        <translation>
            <numerusform>{n} UTF-16 unit</numerusform>
            <numerusform>{n} UTF-16 units</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} byte(s)</source>
        <translation>
            <numerusform>{n} byte</numerusform>
            <numerusform>{n} bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;{n}&lt;/b&gt; token(s)</source>
        <translation>
            <numerusform>&lt;b&gt;{n}&lt;/b&gt; token</numerusform>
            <numerusform>&lt;b&gt;{n}&lt;/b&gt; tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{n} grapheme(s) split across tokens</source>
        <translation>
            <numerusform>{n} grapheme split across tokens</numerusform>
            <numerusform>{n} graphemes split across tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LatticeView</name>
    <message numerus="yes">
        <source>… %n more character(s) (the n-best table covers the whole segment)</source>
        <translation>
            <numerusform>… %n more character (the n-best table covers the whole segment)</numerusform>
            <numerusform>… %n more characters (the n-best table covers the whole segment)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LocalModelsDialog</name>
    <message numerus="yes">
        <source>%n model(s) found</source>
        <translation>
            <numerusform>%n model found</numerusform>
            <numerusform>%n models found</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n do(es) not open (hover for why)</source>
        <translation>
            <numerusform>; %n does not open (hover for why)</numerusform>
            <numerusform>; %n do not open (hover for why)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>opened {name} ({format}, %Ln token(s))</source>
        <translation>
            <numerusform>opened {name} ({format}, %Ln token)</numerusform>
            <numerusform>opened {name} ({format}, %Ln tokens)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>workspace restored; %n item(s) not</source>
        <translation>
            <numerusform>workspace restored; %n item not</numerusform>
            <numerusform>workspace restored; %n items not</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message numerus="yes">
        <source>input text · {n} code point(s)</source>
        <translation>
            <numerusform>input text · {n} code point</numerusform>
            <numerusform>input text · {n} code points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} · {n} item(s)</source>
        <translation>
            <numerusform>{name} · {n} item</numerusform>
            <numerusform>{name} · {n} items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>model pieces · {n} token(s)</source>
        <translation>
            <numerusform>model pieces · {n} token</numerusform>
            <numerusform>model pieces · {n} tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PostprocessPanel</name>
    <message numerus="yes">
        <source>{n} token(s) cut from {which}, code points {start}–{end}: «{text}»</source>
        <translation>
            <numerusform>{n} token cut from {which}, code points {start}–{end}: «{text}»</numerusform>
            <numerusform>{n} tokens cut from {which}, code points {start}–{end}: «{text}»</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pad token(s) (attention mask 0, shown grey)</source>
        <translation>
            <numerusform>%n pad token (attention mask 0, shown grey)</numerusform>
            <numerusform>%n pad tokens (attention mask 0, shown grey)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n overflow window(s) hold the rest</source>
        <translation>
            <numerusform>%n overflow window holds the rest</numerusform>
            <numerusform>%n overflow windows hold the rest</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message numerus="yes">
        <source>replaced %n lone surrogate(s) with U+FFFD</source>
        <translation>
            <numerusform>replaced %n lone surrogate with U+FFFD</numerusform>
            <numerusform>replaced %n lone surrogates with U+FFFD</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenCopyActions</name>
    <message numerus="yes">
        <source>Copied {n} row(s) as TSV</source>
        <translation>
            <numerusform>Copied {n} row as TSV</numerusform>
            <numerusform>Copied {n} rows as TSV</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied {n} ID(s) as a JSON list</source>
        <translation>
            <numerusform>Copied {n} ID as a JSON list</numerusform>
            <numerusform>Copied {n} IDs as a JSON list</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied {n} ID(s), space-separated</source>
        <translation>
            <numerusform>Copied {n} ID, space-separated</numerusform>
            <numerusform>Copied {n} IDs, space-separated</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copied {n} token(s) as a JSON list</source>
        <translation>
            <numerusform>Copied {n} token as a JSON list</numerusform>
            <numerusform>Copied {n} tokens as a JSON list</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote {n} token(s) to {path}</source>
        <translation>
            <numerusform>Wrote {n} token to {path}</numerusform>
            <numerusform>Wrote {n} tokens to {path}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenTextView</name>
    <message numerus="yes">
        <source>{n} tokens share this character ({hex}):</source>
        <translation>
            <numerusform>{n} token covers this character ({hex}):</numerusform>
            <numerusform>{n} tokens share this character ({hex}):</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrainPane</name>
    <message numerus="yes">
        <source>&lt;b&gt;Corpus:&lt;/b&gt; %n source(s), {size} on disk ({languages}) · invalid UTF-8: {policy} · {duplicates}</source>
        <translation>
            <numerusform>&lt;b&gt;Corpus:&lt;/b&gt; %n source, {size} on disk ({languages}) · invalid UTF-8: {policy} · {duplicates}</numerusform>
            <numerusform>&lt;b&gt;Corpus:&lt;/b&gt; %n sources, {size} on disk ({languages}) · invalid UTF-8: {policy} · {duplicates}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>training {name}: {engine} engine, {algorithm}, vocabulary {vocab}, %n source(s)</source>
        <translation>
            <numerusform>training {name}: {engine} engine, {algorithm}, vocabulary {vocab}, %n source</numerusform>
            <numerusform>training {name}: {engine} engine, {algorithm}, vocabulary {vocab}, %n sources</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VocabBrowser</name>
    <message numerus="yes">
        <source>{shown} of {n} entry(s)</source>
        <translation>
            <numerusform>{shown} of {n} entry</numerusform>
            <numerusform>{shown} of {n} entries</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WordTexts</name>
    <message numerus="yes">
        <source>%n merge(s)</source>
        <translation>
            <numerusform>%n merge</numerusform>
            <numerusform>%n merges</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s)</source>
        <translation>
            <numerusform>%n candidate</numerusform>
            <numerusform>%n candidates</numerusform>
        </translation>
    </message>
</context>
</TS>
