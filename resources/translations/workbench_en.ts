<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en">
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
    <name>MainWindow</name>
    <message numerus="yes">
        <source>opened {name} ({format}, %Ln token(s))</source>
        <translation>
            <numerusform>opened {name} ({format}, %Ln token)</numerusform>
            <numerusform>opened {name} ({format}, %Ln tokens)</numerusform>
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
