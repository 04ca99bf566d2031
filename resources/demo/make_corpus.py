"""Generate the embedded demo corpus, ``corpus.txt``, beside this file.

The corpus is written by this project: every word list and sentence template below was written by
hand for Tokenizer Workbench. A seeded ``random.Random`` composes them into about a thousand
short documents (one per line) in Simplified Chinese, English, Japanese, Arabic, Korean and
Russian, plus lines of Python code, numbers/dates/URLs, emoji (ZWJ sequences, skin tones, flags)
and words spelled with combining marks. The output is fixed: rerunning gives the same bytes.

Rerun with::

    python resources/demo/make_corpus.py

and then ``python resources/demo/make_demo.py`` to retrain the demo tokenizers on it.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus.txt"
SEED = 7

_SLOT = re.compile(r"\{(\w+)\}")


def fill(rng: random.Random, template: str, slots: dict) -> str:
    """Replace each ``{name}`` whose name is in *slots* by a random choice, left to right.

    Placeholders with unknown names (and ``{}``/``{self.x}`` in code) are left alone.
    """

    def pick(m: re.Match) -> str:
        name = m.group(1)
        if name not in slots:
            return m.group(0)
        return str(rng.choice(slots[name]))

    return _SLOT.sub(pick, template)


def two_different(rng: random.Random, items: list) -> tuple:
    a, b = rng.sample(items, 2)
    return a, b


# --------------------------------------------------------------------------------------------
# Simplified Chinese
# --------------------------------------------------------------------------------------------

ZH_CITIES = ["北京", "上海", "广州", "深圳", "成都", "杭州", "西安", "南京", "武汉", "重庆",
             "昆明", "哈尔滨", "厦门", "青岛", "苏州", "长沙", "大理", "天津"]
ZH_WEATHER = [  # (description, lowest plausible temperature, highest)
    ("下了一场小雨", 6, 24), ("阳光很好", 10, 33), ("刮起了大风", -5, 18),
    ("多云转阴", 4, 26), ("雾气很重", 2, 15), ("飘起了雪花", -15, 1),
    ("又闷又热", 28, 37), ("空气特别清新", 8, 22),
]
ZH_SEASONS = {
    "春天": ["到处都开满了花", "风很温柔，适合出去踏青", "雨水渐渐多了起来"],
    "夏天": ["热得让人不想出门", "傍晚常常有雷阵雨", "夜市一直热闹到凌晨"],
    "秋天": ["天高云淡，最适合散步", "路边的银杏叶一片片变黄了", "早晚温差很大"],
    "冬天": ["早晚都很冷，出门要多穿一件外套", "大家都喜欢围在一起吃火锅", "天黑得特别早"],
}
ZH_RECIPES = {
    "番茄炒蛋": ["把鸡蛋打散，加一点盐", "把番茄切成小块", "把鸡蛋炒到半熟盛出来",
                 "下番茄炒出汁", "把鸡蛋倒回锅里翻炒几下", "撒一把葱花出锅"],
    "红烧肉": ["把五花肉切成方块", "冷水下锅焯一下", "用少许冰糖炒出糖色",
               "加入生抽、老抽和八角", "小火慢炖一个小时", "开大火收汁"],
    "麻婆豆腐": ["把豆腐切成小块，用淡盐水泡一会儿", "把牛肉末炒到变色",
                 "加一勺豆瓣酱炒出红油", "放入豆腐轻轻推匀", "用水淀粉勾芡", "撒上花椒粉"],
    "饺子": ["用面粉和水揉成光滑的面团", "把白菜剁碎挤掉水分", "和猪肉馅拌在一起",
             "擀出一张张圆圆的饺子皮", "包好后下锅煮", "水开后点三次凉水"],
    "酸辣汤": ["把木耳和豆腐切成细丝", "锅里加水烧开", "放入所有的配料",
               "加醋和白胡椒调味", "慢慢淋入蛋液", "滴几滴香油"],
    "清蒸鱼": ["把鱼洗干净，在鱼身上划几刀", "塞进几片生姜", "水开后上锅蒸八分钟",
               "倒掉盘子里的汤汁", "铺上葱丝", "浇一勺热油和蒸鱼豉油"],
}
ZH_SLOTS = {
    "city": ZH_CITIES,
    "time": ["今天", "昨天", "前天", "最近几天", "今天早上", "昨天傍晚"],  # past: the verbs take 了
    "when": ["明天下午", "后天", "这个周末", "今天晚上"],
    "rain": ["雷阵雨", "小到中雨", "一场大雨", "零星小雨"],
    "tea": ["绿茶", "红茶", "乌龙茶", "菊花茶", "普洱茶"],
    "person": ["我妈妈", "奶奶", "我爸爸", "外婆", "隔壁的王阿姨", "我的室友"],
    "event": ["过年", "家里来客人", "周末聚餐", "有人过生日"],
    "food": ["牛肉面", "小笼包", "煎饼果子", "肠粉", "热干面", "过桥米线", "凉皮", "锅贴"],
    "adj": ["历史悠久", "充满活力", "节奏很快", "安静舒适", "热闹非凡", "很有烟火气"],
    "feature": ["老城区的小巷很值得慢慢走", "地铁几乎可以到达每一个角落",
                "晚上的江边灯火通明", "街头巷尾到处都是小吃摊", "周围的山上有很多徒步路线",
                "博物馆和旧书店特别多"],
    "hours": ["两", "三", "四", "五", "六"],
    "year": [str(y) for y in range(2006, 2023)],
    "memory": ["那里还没有地铁", "我还在读大学", "正好赶上下大雪", "街上到处都在修路",
               "我一句当地话都听不懂"],
    "tok": ["字节级BPE", "WordPiece", "Unigram模型", "这个只有两千个词的小词表", "GPT-2的分词器"],
    "n": [str(i) for i in range(9, 49)],
    "place": ["图书馆", "咖啡馆", "实验室", "宿舍"],
    "thing": ["那本小说", "这篇论文", "教材的第三章", "项目的说明文档", "一整套练习题"],
}
ZH_FIXED = [
    "分词器会把一段文本切成若干个词元，每个词元对应词表里的一个编号。",
    "字节级BPE从单个字节出发，不断合并出现次数最多的相邻符号对。",
    "Unigram模型先准备一个很大的候选词表，再逐步删掉对整体似然影响最小的词元。",
    "中文句子里没有空格，分词器只能依靠统计规律来判断词语的边界。",
    "一个汉字在UTF-8编码里通常占三个字节。",
    "同一句话交给不同的分词器，得到的词元数量可能相差一倍。",
    "如果词表里没有某个字，字节回退会把它拆成几个字节词元。",
    "特殊词元不是普通文本，它们用来标记句子的开头、结尾或者填充的位置。",
    "词表越大，序列通常越短，但模型的嵌入矩阵也会跟着变大。",
    "解码时把所有词元重新拼接起来，应该得到和原文完全一样的字符串。",
    "训练分词器之前，最好先看看语料里都有哪些语言和符号。",
    "表情符号往往由好几个码位组成，有时会被切成五六个词元。",
    "我们用Python的tokenizers库训练了一个BPE模型，vocab_size设为2000。",
    "窗外的雨一直没停，我泡了一壶茶，坐在阳台上看书。",
    "地铁上的人很多，大家都低着头看手机。",
    "楼下新开了一家面包店，每天早上都能闻到黄油的香味。",
]
ZH_TEMPLATES = [
    "天气预报说{when}有{rain}，出门记得带伞。",
    "{person}最拿手的菜是{dish}，每次{event}都会做一大盘。",
    "这家小店的{food}味道不错，价格也很实惠。",
    "{city}是一座{adj}的城市，{feature}。",
    "我第一次去{city}是在{year}年，那时候{memory}。",
    "用{tok}切分这句话，一共得到了{n}个词元。",
    "我在{place}待了一下午，终于把{thing}看完了。",
    "下雨天最适合在家喝一杯{tea}，听听音乐。",
]


def gen_zh(rng: random.Random) -> str:
    kind = rng.randrange(10)
    if kind == 0:
        time, city = rng.choice(ZH_SLOTS["time"]), rng.choice(ZH_CITIES)
        desc, lo, hi = rng.choice(ZH_WEATHER)
        return f"{time}{city}{desc}，气温大约{rng.randint(lo, hi)}度。"
    if kind == 1:
        season = rng.choice(list(ZH_SEASONS))
        return f"{season}的{rng.choice(ZH_CITIES)}{rng.choice(ZH_SEASONS[season])}。"
    if kind == 2:
        dish = rng.choice(list(ZH_RECIPES))
        s1, s2, s3 = (ZH_RECIPES[dish][i] for i in sorted(rng.sample(range(6), 3)))
        return f"做{dish}的时候，先{s1}，然后{s2}，最后{s3}。"
    if kind == 3:
        a, b = two_different(rng, ZH_CITIES)
        return f"从{a}坐高铁到{b}大约需要{rng.choice(ZH_SLOTS['hours'])}个小时。"
    if kind in (4, 5):
        return rng.choice(ZH_FIXED)
    slots = dict(ZH_SLOTS, dish=list(ZH_RECIPES))
    return fill(rng, rng.choice(ZH_TEMPLATES), slots)


# --------------------------------------------------------------------------------------------
# English
# --------------------------------------------------------------------------------------------

EN_REGIONS = [
    ["Lisbon", "Edinburgh", "Dublin", "Vienna", "Krakow", "Copenhagen"],
    ["Toronto", "Chicago", "Vancouver", "Seattle", "Montreal", "Boston"],
    ["Melbourne", "Sydney", "Auckland", "Wellington", "Brisbane"],
    ["Nairobi", "Cape Town", "Accra", "Kigali", "Durban"],
]
EN_CITIES = [c for region in EN_REGIONS for c in region]
EN_RECIPES = {
    "a simple tomato soup": ["roast the tomatoes with garlic and olive oil",
                             "blend them with a little stock", "season with salt and pepper",
                             "finish with a spoonful of cream"],
    "pancakes": ["whisk the eggs into the milk", "fold in the flour without overmixing",
                 "let the batter rest for ten minutes",
                 "cook each one until bubbles appear on the surface"],
    "a vegetable curry": ["fry the onions until golden", "add ginger, garlic and the spices",
                          "stir in the chopped vegetables",
                          "simmer everything in coconut milk for twenty minutes"],
    "fresh bread": ["mix flour, water, salt and yeast", "knead the dough for about ten minutes",
                    "leave it to rise until it has doubled", "bake it in a very hot oven"],
    "a lemon risotto": ["soften the shallots in butter", "toast the rice for a minute",
                        "add hot stock one ladle at a time",
                        "stir in lemon zest and grated parmesan"],
    "a green salad": ["wash and dry the leaves", "whisk oil, vinegar and mustard together",
                      "toss the leaves with the dressing", "scatter toasted seeds over the top"],
}
EN_SLOTS = {
    "forecast": ["light rain in the morning", "clear skies all day", "strong winds after lunch",
                 "scattered showers", "thick fog until noon",
                 "a chance of thunderstorms in the evening"],
    "adj_weather": ["unusually warm", "grey and drizzly", "cold and windy", "bright but chilly",
                    "hot and humid"],
    "consequence": ["the parks are full of people", "nobody leaves home without an umbrella",
                    "the cafés have moved their tables indoors", "the ferries keep running late",
                    "the ice-cream shops have queues around the block"],
    "relative": ["grandmother", "uncle", "neighbour", "old flatmate", "aunt"],
    "food": ["soup", "bread", "rice", "pasta sauce", "stew"],
    "secret": ["patience", "a pinch more salt than you think", "letting it rest a little longer",
               "using the freshest ingredients you can find", "tasting as you go"],
    "count": ["two", "three", "four"],
    "side": ["dumplings", "grilled vegetables", "spring rolls", "pickled cucumbers"],
    "a_adj": ["a lively", "a compact", "a surprisingly quiet", "a very walkable",
              "an old harbour", "a friendly"],
    "feature": ["its markets are busiest on Saturday mornings",
                "you can cross the centre on foot in half an hour",
                "the old tram line still runs along the waterfront",
                "there seems to be a bookshop on every corner",
                "the museums are free on the first Sunday of the month"],
    "when": ["spring", "autumn", "winter", "summer"],
    "who": ["my sister", "we", "a friend of mine", "our whole team", "my parents"],
    "outcome": ["arrived just before sunrise", "spent the whole trip reading",
                "missed the connection by two minutes",
                "watched the landscape change from hills to coast"],
    "vocab": ["2,000", "32,000", "50,257", "100,256"],
    "n": [str(i) for i in range(9, 41)],
    "task": ["read the documentation", "fix the failing test", "rewrite the tokenizer loader",
             "answer every email", "clean the kitchen"],
}
EN_FIXED = [
    "A tokenizer splits text into small pieces called tokens, and each token maps to an integer ID.",
    "Byte-level BPE starts from the 256 possible bytes and repeatedly merges the most frequent "
    "adjacent pair.",
    "A unigram language model begins with a large vocabulary and prunes the pieces that "
    "contribute least to the likelihood.",
    "Because the vocabulary is learned from data, rare words are often broken into several "
    "fragments.",
    "Leading spaces usually belong to the token that follows them.",
    "Decoding the IDs should give back exactly the original string, including tabs and double "
    "spaces.",
    "Special tokens such as end-of-text markers are reserved and should not be produced from "
    "ordinary user input.",
    "Counting tokens matters because models bill and truncate by tokens, not by characters.",
    "A single emoji can take four bytes, and a family emoji joined with zero-width joiners takes "
    "far more.",
    "Numbers are tricky: some tokenizers split every digit, while others keep groups of three "
    "together.",
    "By the time we reached the station, the rain had finally stopped.",
    "The bakery near our office opens at seven, which is perfect for early meetings.",
    "The library on the hill has the best window seats in town.",
    "Nobody expected the little bookshop to stay open for another thirty years.",
]
EN_TEMPLATES = [
    "It has been {adj_weather} all week, so {consequence}.",
    "My {relative} always says that the secret to good {food} is {secret}.",
    "We ordered {count} bowls of noodles and shared a plate of {side}.",
    "With a vocabulary of {vocab} entries, the sentence above becomes {n} tokens.",
    "I meant to {task} this morning, but the day had other plans.",
]


def gen_en(rng: random.Random) -> str:
    kind = rng.randrange(10)
    if kind == 0:
        return (f"The forecast for {rng.choice(EN_CITIES)} says {rng.choice(EN_SLOTS['forecast'])}"
                f" with highs around {rng.randint(8, 31)} degrees.")
    if kind == 1:
        dish = rng.choice(list(EN_RECIPES))
        s1, s2, s3 = (EN_RECIPES[dish][i] for i in sorted(rng.sample(range(4), 3)))
        return f"To make {dish}, first {s1}, then {s2}, and finally {s3}."
    if kind == 2:
        a, b = two_different(rng, rng.choice(EN_REGIONS))
        who, when = rng.choice(EN_SLOTS["who"]), rng.choice(EN_SLOTS["when"])
        transport = rng.choice(["night train", "early bus", "first flight", "slow regional train"])
        sentence = (f"Last {when}, {who} took the {transport} from {a} to {b} and "
                    f"{rng.choice(EN_SLOTS['outcome'])}.")
        return sentence[0].upper() + sentence[1:]
    if kind == 3:
        city = rng.choice(EN_CITIES)
        return f"{city} is {rng.choice(EN_SLOTS['a_adj'])} city, and {rng.choice(EN_SLOTS['feature'])}."
    if kind in (4, 5, 6):
        return rng.choice(EN_FIXED)
    return fill(rng, rng.choice(EN_TEMPLATES), EN_SLOTS)


# --------------------------------------------------------------------------------------------
# Japanese
# --------------------------------------------------------------------------------------------

JA_PLACES = ["東京", "大阪", "京都", "札幌", "福岡", "名古屋", "横浜", "神戸", "仙台", "広島",
             "金沢", "那覇"]
JA_RAIL = ["東京", "大阪", "京都", "名古屋", "横浜", "神戸", "仙台", "広島", "福岡", "金沢"]
JA_SEASONS = {
    "春": ["桜がとてもきれいです", "少し暖かくなってきました"],
    "夏": ["花火大会でにぎわいます", "夜になっても暑いです"],
    "秋": ["紅葉を見に来る人が多いです", "食べ物がおいしい季節です"],
    "冬": ["空気が澄んでいて夜景が美しいです", "朝晩の冷え込みが厳しいです"],
}
JA_RECIPES = {  # dish: (steps in te-form, closing steps)
    "カレー": (["玉ねぎをあめ色になるまで炒めて", "じゃがいもとにんじんを一口大に切って"],
               ["弱火で二十分ほど煮込みます", "火を止めてからルーを溶かします"]),
    "味噌汁": (["昆布とかつお節でだしを取って", "豆腐をさいの目に切って"],
               ["火を止めてから味噌を溶き入れます", "最後にねぎを散らします"]),
    "親子丼": (["鶏肉を甘辛いつゆで煮て", "玉ねぎを薄切りにして"],
               ["溶き卵を回し入れてふたをします", "ご飯の上にのせて三つ葉を飾ります"]),
    "肉じゃが": (["牛肉と玉ねぎを炒めて", "じゃがいもを大きめに切って"],
                 ["しょうゆと砂糖で味をつけます", "落としぶたをしてじっくり煮ます"]),
}
JA_SHOPS = [("ラーメン屋", "醤油ラーメン"), ("パン屋", "メロンパン"), ("喫茶店", "ナポリタン"),
            ("定食屋", "唐揚げ定食"), ("そば屋", "天ぷらそば"), ("ケーキ屋", "いちごのショートケーキ")]
JA_SLOTS = {
    "place": JA_PLACES,
    "weather": ["朝から雨が降っています", "雲ひとつない青空です", "風が強くて少し寒いです",
                "蒸し暑くて汗が止まりません", "雪がちらちら降っています"],
    "when": ["明日", "週末", "午後から", "来週の月曜日"],
    "forecast": ["大雨になる", "よく晴れる", "気温が一気に下がる", "台風が近づく"],
    "act": ["友達と買い物をする", "美術館に行く", "温泉に入る", "ゆっくり散歩する",
            "古い町並みを見に行く"],
    "late": ["夜の十時", "終電の直前", "夜中の十二時"],
}
JA_FIXED = [
    "トークナイザーは文章を小さな単位に分けて、それぞれに番号をつけます。",
    "日本語の文には空白がないので、単語の境界を見つけるのは簡単ではありません。",
    "ひらがな、カタカナ、漢字が一つの文の中に自然に混ざっています。",
    "バイト単位のBPEなら、辞書にない文字でも必ず表現できます。",
    "同じ文章でも、トークナイザーによってトークン数はかなり変わります。",
    "漢字一文字はUTF-8で三バイトになることが多いです。",
    "コンビニでおにぎりとお茶を買って、公園のベンチで食べました。",
]
JA_TEMPLATES = [
    "今日の{place}は{weather}。",
    "天気予報によると、{when}は{forecast}そうです。",
    "週末は{place}で{act}つもりです。",
    "昨日は{late}まで仕事をしていたので、とても疲れました。",
]


def gen_ja(rng: random.Random) -> str:
    kind = rng.randrange(8)
    if kind == 0:
        season = rng.choice(list(JA_SEASONS))
        return f"{season}の{rng.choice(JA_PLACES)}は{rng.choice(JA_SEASONS[season])}。"
    if kind == 1:
        dish = rng.choice(list(JA_RECIPES))
        te, end = JA_RECIPES[dish]
        return f"{dish}を作るときは、まず{rng.choice(te)}、それから{rng.choice(end)}。"
    if kind == 2:
        shop, food = rng.choice(JA_SHOPS)
        return f"駅前の{shop}の{food}はとてもおいしいので、いつも行列ができています。"
    if kind == 3:
        a, b = two_different(rng, JA_RAIL)
        hours = rng.choice(["一", "二", "三", "四"])
        return f"{a}から{b}まで新幹線で{hours}時間くらいかかります。"
    if kind in (4, 5):
        return rng.choice(JA_FIXED)
    return fill(rng, rng.choice(JA_TEMPLATES), JA_SLOTS)


# --------------------------------------------------------------------------------------------
# Arabic (right to left)
# --------------------------------------------------------------------------------------------

AR_CITIES = ["القاهرة", "دبي", "الرياض", "بيروت", "عمّان", "تونس", "الدار البيضاء", "الدوحة",
             "مسقط", "الإسكندرية"]
AR_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
AR_RECIPES = {  # dish: (main ingredients, "a little of" ingredients)
    "الفلافل": (["الحمص", "البصل", "الثوم", "البقدونس"], ["الكمون", "الكزبرة"]),
    "الكبسة": (["الأرز", "الدجاج", "البصل", "الطماطم"], ["البهارات", "الهيل"]),
    "الحمص بالطحينة": (["الحمص المسلوق", "الطحينة", "الثوم"], ["عصير الليمون", "زيت الزيتون"]),
    "المقلوبة": (["الأرز", "الباذنجان", "الدجاج", "البصل"], ["القرفة", "البهارات"]),
    "شوربة العدس": (["العدس", "البصل", "الجزر"], ["الكمون", "الملح"]),
}
AR_SLOTS = {
    "city": AR_CITIES,
    "weather": ["مشمس ودافئ", "حار جداً", "معتدل ولطيف", "غائم جزئياً", "ممطر وبارد"],
    "season": ["الصيف", "الشتاء", "الربيع", "الخريف"],
    "trip": ["رائعة", "ممتعة جداً", "متعبة قليلاً لكنها جميلة"],
    "drink": ["القهوة العربية", "الشاي بالنعناع", "كوباً من الحليب", "عصير البرتقال"],
}
AR_FIXED = [
    "تقوم أداة التقطيع بتقسيم النص إلى وحدات صغيرة، ولكل وحدة رقم في المفردات.",
    "تُكتب اللغة العربية من اليمين إلى اليسار، لكن الأرقام تُقرأ من اليسار إلى اليمين.",
    "تتصل الحروف العربية ببعضها في الكتابة، لكن كل حرف يبقى رمزاً مستقلاً في الترميز.",
    "يعتمد عدد الرموز في الجملة العربية كثيراً على حجم المفردات.",
    "في المدينة القديمة أسواق ضيقة مليئة بالتوابل والأقمشة الملونة.",
    "يأخذ الحرف العربي الواحد بايتين في ترميز UTF-8.",
]
AR_TEMPLATES = [
    "الطقس في {city} اليوم {weather}.",
    "زرت {city} في {season} الماضي وكانت الرحلة {trip}.",
    "أحب أن أشرب {drink} في الصباح قبل الذهاب إلى العمل.",
]


def gen_ar(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        t = str(rng.randint(12, 44))
        if rng.random() < 0.5:
            t = t.translate(AR_DIGITS)
        return f"تقول النشرة الجوية إن درجة الحرارة في {rng.choice(AR_CITIES)} ستصل إلى {t} درجة غداً."
    if kind == 1:
        dish = rng.choice(list(AR_RECIPES))
        main, little = AR_RECIPES[dish]
        a, b = rng.sample(main, 2)
        return f"لتحضير {dish} نحتاج إلى {a} و{b} وقليل من {rng.choice(little)}."
    if kind == 2:
        return rng.choice(AR_FIXED)
    return fill(rng, rng.choice(AR_TEMPLATES), AR_SLOTS)


# --------------------------------------------------------------------------------------------
# Korean
# --------------------------------------------------------------------------------------------

KO_CITIES = ["서울", "부산", "인천", "대구", "광주", "대전", "제주", "수원", "전주", "강릉"]
KO_LOCAL_FOOD = [("부산", "돼지국밥을"), ("전주", "비빔밥을"), ("제주", "흑돼지를"),
                 ("광주", "떡갈비를"), ("강릉", "초당순두부를"), ("대전", "칼국수를"),
                 ("서울", "시장 빈대떡을")]
KO_RECIPES = {  # dish with object particle: (first steps ending in -고, closing steps)
    "김치찌개를": (["김치와 돼지고기를 볶고", "멸치 육수를 준비하고"],
                 ["두부와 파를 넣어 십 분 더 끓입니다", "고춧가루로 간을 맞춥니다"]),
    "된장찌개를": (["애호박과 감자를 썰고", "된장을 물에 풀고"],
                 ["두부를 넣고 한소끔 끓입니다", "청양고추를 조금 넣습니다"]),
    "불고기를": (["소고기를 얇게 썰고", "간장과 배즙으로 양념을 만들고"],
               ["한 시간 정도 재워 둡니다", "센 불에 빠르게 볶습니다"]),
    "떡볶이를": (["떡을 물에 불리고", "고추장과 설탕을 섞고"],
               ["어묵과 대파를 넣고 졸입니다", "삶은 달걀을 곁들입니다"]),
}
KO_SLOTS = {
    "city": KO_CITIES,
    "weather": ["비가 내립니다", "눈이 조금 옵니다", "바람이 많이 붑니다", "하늘이 아주 맑습니다",
                "안개가 짙게 꼈습니다"],
    "act": ["영화를 봤습니다", "한강 공원에서 자전거를 탔습니다", "전통 시장에 다녀왔습니다",
            "카페에서 오래 이야기를 나눴습니다"],
}
KO_FIXED = [
    "토크나이저는 문장을 작은 조각으로 나누고 각 조각에 번호를 붙입니다.",
    "한국어는 띄어쓰기를 하지만 조사가 단어에 붙어 있어서 나누기가 쉽지 않습니다.",
    "한글 한 글자는 UTF-8에서 보통 3바이트를 차지합니다.",
    "같은 문장이라도 토크나이저에 따라 토큰 수가 크게 달라집니다.",
]
KO_TEMPLATES = ["오늘 {city}에는 {weather}.", "주말에 친구와 함께 {act}."]


def gen_ko(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        when = rng.choice(["내일은", "주말에는", "다음 주에는"])
        if rng.random() < 0.5:
            return f"일기예보에 따르면 {when} 기온이 {rng.randint(25, 35)}도까지 올라간다고 합니다."
        return f"일기예보에 따르면 {when} 기온이 영하 {rng.randint(2, 15)}도까지 내려간다고 합니다."
    if kind == 1:
        city, food = rng.choice(KO_LOCAL_FOOD)
        return f"{city}에 가면 꼭 {food} 먹어 보세요."
    if kind == 2:
        dish = rng.choice(list(KO_RECIPES))
        first, end = KO_RECIPES[dish]
        return f"{dish} 만들 때는 먼저 {rng.choice(first)} 그다음에 {rng.choice(end)}."
    if kind == 3:
        return rng.choice(KO_FIXED)
    return fill(rng, rng.choice(KO_TEMPLATES), KO_SLOTS)


# --------------------------------------------------------------------------------------------
# Russian
# --------------------------------------------------------------------------------------------

RU_CITIES = [("Москва", "Москве"), ("Санкт-Петербург", "Петербурге"), ("Казань", "Казани"),
             ("Новосибирск", "Новосибирске"), ("Екатеринбург", "Екатеринбурге"),
             ("Самара", "Самаре"), ("Владивосток", "Владивостоке"),
             ("Калининград", "Калининграде"), ("Иркутск", "Иркутске")]
RU_RECIPES = {  # dish (accusative): (first steps, then steps)
    "борщ": (["сварить бульон из говядины", "натереть свёклу и морковь"],
             ["добавить капусту и картофель", "варить всё на медленном огне около часа"]),
    "блины": (["смешать молоко, яйца и муку", "дать тесту постоять полчаса"],
              ["жарить их на горячей сковороде", "подавать их со сметаной или вареньем"]),
    "пельмени": (["замесить крутое тесто", "приготовить фарш из свинины и говядины"],
                 ["слепить маленькие пельмени", "варить их в подсоленной воде"]),
    "гречневую кашу": (["промыть крупу", "залить её холодной водой"],
                       ["варить под крышкой двадцать минут", "добавить кусочек сливочного масла"]),
}
RU_SLOTS = {
    "weather": ["идёт мелкий дождь", "с утра светит солнце", "дует сильный ветер",
                "очень жарко и душно", "стоит густой туман", "выпал первый снег"],
    "desc": ["красивый и очень зелёный город", "город с богатой историей и множеством музеев",
             "большой торговый и промышленный центр", "город, куда хочется возвращаться"],
    "act": ["ходили в музей", "гуляли по набережной", "пекли пироги", "ездили за город",
            "катались на велосипедах"],
}
RU_FIXED = [
    "Токенизатор разбивает текст на небольшие фрагменты, и каждому фрагменту соответствует "
    "номер в словаре.",
    "Русские слова часто делятся на несколько токенов, потому что у них много окончаний.",
    "Одна кириллическая буква в UTF-8 занимает два байта.",
    "Если словарь обучен в основном на английском, русский текст получается заметно длиннее "
    "в токенах.",
    "Вечером мы пили чай с мёдом и долго разговаривали на кухне.",
]


def gen_ru(rng: random.Random) -> str:
    kind = rng.randrange(7)
    nom, prep = rng.choice(RU_CITIES)
    if kind == 0:
        return f"Сегодня в {prep} {rng.choice(RU_SLOTS['weather'])}."
    if kind == 1:
        # numbers ending in 1 would need "градуса"; keep to the genitive plural
        if rng.random() < 0.5:
            t = rng.choice([n for n in range(18, 35) if n % 10 != 1])
            return f"По прогнозу, завтра температура в {prep} поднимется до +{t} градусов."
        t = rng.choice([n for n in range(5, 30) if n % 10 != 1])
        return f"По прогнозу, завтра температура в {prep} опустится до −{t} градусов."
    if kind == 2:
        return f"{nom} — {rng.choice(RU_SLOTS['desc'])}."
    if kind == 3:
        dish = rng.choice(list(RU_RECIPES))
        first, then = RU_RECIPES[dish]
        return f"Чтобы приготовить {dish}, нужно сначала {rng.choice(first)}, а потом {rng.choice(then)}."
    if kind == 4:
        return f"В выходные мы с друзьями {rng.choice(RU_SLOTS['act'])}."
    return rng.choice(RU_FIXED)


# --------------------------------------------------------------------------------------------
# Python code (each snippet is a block of consecutive lines, indentation kept)
# --------------------------------------------------------------------------------------------

CODE_SNIPPETS = [
    '''def {fname}(values):
    """{doc}"""
    total = 0
    for item in values:
        if item {cmp} {k}:
            total += item
    return total''',
    '''class {cls}:
    def __init__(self, name, size={k}):
        self.name = name
        self.size = size
    def __repr__(self):
        return f"{cls}({self.name!r}, size={self.size})"''',
    '''with open("{file}", encoding="utf-8") as fh:
    for lineno, line in enumerate(fh, start=1):
        if not line.strip():
            continue
        print(lineno, len(line.encode("utf-8")))''',
    '''# {zh_comment}
counts = {}
for token in text.split():
    counts[token] = counts.get(token, 0) + 1
top = sorted(counts.items(), key=lambda kv: kv[1], reverse=True)[:{k}]''',
    '''try:
    value = float(raw)
except ValueError:
    value = {default}
finally:
    log.debug("parsed %r", raw)''',
    '''def merge(ids, pair, new_id):
    out, i = [], 0
    while i < len(ids):
        if i + 1 < len(ids) and (ids[i], ids[i + 1]) == pair:
            out.append(new_id)
            i += 2
        else:
            out.append(ids[i])
            i += 1
    return out''',
    '''async def {fname}(session, url):
    async with session.get(url, timeout={k}) as resp:
        resp.raise_for_status()
        return await resp.json()''',
    '''for i, (tok, tid) in enumerate(zip(tokens, ids)):
    if tid == {k}:
        print(f"{i:>4}  {tid:>6}  {tok!r}  <- special")
    else:
        print(f"{i:>4}  {tid:>6}  {tok!r}")''',
    '''import unicodedata
def {fname}(text: str) -> str:
    # {zh_comment}
    return unicodedata.normalize("{nf}", text)''',
]
CODE_SLOTS = {
    "fname": ["sum_large", "count_tokens", "total_bytes", "score_batch", "fetch_json",
              "load_vocab", "clean_text", "normalize_text"],
    "doc": ["Add up every value above the threshold.", "Return the sum of the selected items.",
            "统计满足条件的元素之和。"],
    "cmp": [">", ">=", "<", "!="],
    "k": [str(n) for n in (0, 1, 2, 3, 5, 8, 10, 16, 30, 50, 100, 256)],
    "cls": ["Vocab", "Span", "Merge", "Piece", "Document"],
    "file": ["corpus.txt", "data/train.jsonl", "vocab.json", "notes_日本語.txt"],
    "zh_comment": ["统计每个词元出现的次数", "先做Unicode规范化", "按频率从高到低排序",
                   "注意：这里按字节计算长度"],
    "default": ["0.0", "None", "float('nan')", "-1"],
    "nf": ["NFC", "NFKC", "NFD"],
}


def gen_code(rng: random.Random) -> list[str]:
    return fill(rng, rng.choice(CODE_SNIPPETS), CODE_SLOTS).split("\n")


# --------------------------------------------------------------------------------------------
# Numbers, dates, times, URLs, tables
# --------------------------------------------------------------------------------------------

JA_WEEKDAYS = "月火水木金土日"
ZH_WEEKDAYS = "一二三四五六日"


def rand_date(rng: random.Random) -> dt.date:
    return dt.date(2019, 1, 1) + dt.timedelta(days=rng.randrange(365 * 8))


def gen_numbers(rng: random.Random) -> str:
    kind = rng.randrange(14)
    d = rand_date(rng)
    if kind == 0:
        d2 = d + dt.timedelta(days=rng.randint(1, 9))
        amount = rng.randint(500, 250000) / 100
        return (f"Order #{rng.randint(10000, 99999)} shipped on {d.isoformat()} and arrived on "
                f"{d2.isoformat()}; total ${amount:,.2f}.")
    if kind == 1:
        tz = rng.choice(["+01:00", "+08:00", "-05:00", "+09:00", "+05:30"])
        return (f"The meeting moved to {d.isoformat()} at {rng.randint(7, 18):02d}:"
                f"{rng.choice([0, 15, 30, 45]):02d} (UTC{tz}).")
    if kind == 2:
        major, minor, patch = rng.randint(0, 4), rng.randint(0, 19), rng.randint(0, 12)
        ver = f"{major}.{minor}.{patch}"
        return (f"Release {ver} came out on {d.isoformat()}; see "
                f"https://docs.example.org/v{ver}/changelog.html#{rng.choice(['fixes', 'breaking-changes', 'new'])}.")
    if kind == 3:
        name = rng.choice(["report", "vocab", "corpus-sample", "slides"])
        ext = rng.choice(["pdf", "json", "txt", "zip"])
        lang = rng.choice(["en", "zh-CN", "ja", "ar", "ko", "ru"])
        return (f"Download https://example.com/files/{name}.{ext}?v={rng.randint(1, 40)}&lang={lang}"
                f" before {d.strftime('%d/%m/%Y')}.")
    if kind == 4:
        temps = [round(rng.uniform(-5, 35), 1) for _ in range(3)]
        mean = sum(temps) / 3
        return (f"Temperature readings: {temps[0]}°C, {temps[1]}°C, {temps[2]}°C; "
                f"mean {mean:.2f}°C.")
    if kind == 5:
        qty, price = rng.randint(2, 12), rng.choice([3.5, 4.25, 12.5, 19.99, 0.89, 7.0])
        net = qty * price
        vat = rng.choice([7, 10, 19, 20, 21])
        return (f"Invoice INV-{d.year}-{rng.randint(1, 9999):04d}: {qty} × {price:.2f} EUR = "
                f"{net:.2f} EUR, VAT {vat}% = {net * vat / 100:.2f} EUR.")
    if kind == 6:
        secs = rng.randint(0, 86399)
        ms = rng.randint(3, 2400)
        status = rng.choice([200, 200, 200, 201, 304, 404, 500])
        return (f"{d.isoformat()}T{secs // 3600:02d}:{secs // 60 % 60:02d}:{secs % 60:02d}Z "
                f"GET /api/v{rng.randint(1, 3)}/tokenize status={status} took {ms} ms")
    if kind == 7:
        return (f"{d.year}年{d.month}月{d.day}日（{JA_WEEKDAYS[d.weekday()]}）"
                f"午前{rng.randint(8, 11)}時{rng.choice([0, 15, 30, 45])}分に受付を開始します。")
    if kind == 8:
        lo = round(rng.uniform(-3, 15), 1)
        hi = round(lo + rng.uniform(4, 14), 1)
        return (f"{d.year}年{d.month}月{d.day}日，星期{ZH_WEEKDAYS[d.weekday()]}，"
                f"气温从{lo}°C升到了{hi}°C。")
    if kind == 9:
        pop = rng.randint(120, 2200)
        area = rng.randint(800, 16000) + rng.randint(0, 99) / 100
        return f"{rng.choice(ZH_CITIES)}的常住人口约为{pop}万，面积约{area:,.2f}平方公里。"
    if kind == 10:
        rows = [("lang", "chars", "bytes", "tokens")]
        for lang in rng.sample(["en", "zh", "ja", "ar", "ko", "ru"], 3):
            chars = rng.randint(40, 400)
            per = {"en": 1, "zh": 3, "ja": 3, "ar": 2, "ko": 3, "ru": 2}[lang]
            rows.append((lang, str(chars), str(chars * per), str(rng.randint(chars // 4, chars))))
        return " | ".join("\t".join(r) for r in rows)
    if kind == 11:
        return (f"Call +1 555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)} or write to "
                f"support@example.net before {rng.randint(1, 12)}:{rng.choice([0, 30]):02d} "
                f"{rng.choice(['a.m.', 'p.m.'])}")
    if kind == 12:
        return rng.choice([
            "Pi is roughly 3.14159, e is about 2.71828, and the golden ratio is near 1.61803.",
            "Avogadro's number is 6.022e23; an electron carries 1.602e-19 C.",
            "Light travels 299,792,458 m/s, and gravity at sea level is about 9.81 m/s².",
            "The Eiffel Tower stands at 48.8584° N, 2.2945° E and is about 330 m tall.",
            "Half of 0.1 + 0.2 is not exactly 0.15 in binary floating point: 0.15000000000000002.",
            "1/3 ≈ 0.333…, 2/3 ≈ 0.667, and 100% − 33.3% = 66.7%.",
        ])
    a, b = rng.randint(1, 999), rng.randint(1, 999)
    return f"{a} + {b} = {a + b}, {a} × {b} = {a * b:,}, {a} ÷ {b} ≈ {a / b:.4f}"


# --------------------------------------------------------------------------------------------
# Emoji: ZWJ sequences, skin tones, flags, keycaps, variation selectors
# --------------------------------------------------------------------------------------------

FAMILY = "👨\u200d👩\u200d👧"
EMOJI_PHRASES = [  # (phrase, emoji that fit it)
    ("Family dinner tonight", [FAMILY, "👨\u200d👩\u200d👧\u200d👦", "🍜", "🥟", "❤️", "😋"]),
    ("Great job, everyone", ["👍🏽", "👏🏿", "🎉", "✨", "👩\u200d💻", "🧑\u200d🍳"]),
    ("Bonjour from Paris", ["🇫🇷", "👋🏻", "☀️", "🌧️", "❤️"]),
    ("Shipping day!", ["👩\u200d💻", "👨🏻\u200d💻", "🎉", "✨", "👍🏽"]),
    ("Pride parade this weekend", ["🏳️\u200d🌈", "🎉", "❤️", "✨"]),
    ("今天的晚饭太好吃了", ["😋", "👍🏽", "🥟", "🍜", FAMILY]),
    ("周末全家去海边玩", [FAMILY, "👨\u200d👩\u200d👧\u200d👦", "☀️", "🌊", "🇨🇳"]),
    ("新しいパソコンが届きました", ["👩\u200d💻", "✨", "🎉", "🇯🇵"]),
    ("お疲れさまでした", ["🙇", "👏🏿", "🍵", "✨"]),
    ("شكراً جزيلاً على الهدية", ["🙏🏽", "🎁", "❤️", "✨"]),
    ("مبروك النجاح", ["🎉", "👏🏿", "🇪🇬", "✨"]),
    ("오늘 점심 맛있었어요", ["😋", "🍜", "👍🏻", "🇰🇷"]),
    ("생일 축하해요", ["🎂", "🎉", "❤️", "👋🏻"]),
    ("Привет из Москвы", ["🇷🇺", "❄️", "⛄", "👋🏻"]),
    ("Отличная погода сегодня", ["☀️", "😎", "👍🏽"]),
    ("How many tokens is this?", ["🤔", FAMILY, "👍🏽", "🇧🇷", "1️⃣", "#️⃣"]),
]
EMOJI_FIXED = [
    f"Family dinner tonight {FAMILY} — everyone gave the soup a 👍🏽!",
    "Bonjour from Paris 🇫🇷! Next stop: Tokyo 🇯🇵, then Seoul 🇰🇷.",
    "Team update: 🧑\u200d🍳 cooked, 👩🏾\u200d🔬 tested, 👨🏻\u200d💻 shipped. 🎉",
    "Rainbow flag 🏳️\u200d🌈, pirate flag 🏴\u200d☠️ and the Scottish flag "
    "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f are all several code points.",
    "Press 1️⃣ for English, 2️⃣ for 中文, #️⃣ for help.",
    "❤️ and ❤ look alike, but only the first carries the variation selector U+FE0F.",
    f"The family emoji {FAMILY} is five code points joined by two zero-width joiners.",
]


def gen_emoji(rng: random.Random) -> str:
    if rng.random() < 0.25:
        return rng.choice(EMOJI_FIXED)
    phrase, fitting = rng.choice(EMOJI_PHRASES)
    picks = rng.sample(fitting, rng.randint(1, 3))
    return f"{phrase} {''.join(picks)}"


# --------------------------------------------------------------------------------------------
# Combining marks (decomposed accents next to precomposed ones)
# --------------------------------------------------------------------------------------------

CAFE = "cafe\u0301"
COMBINING_WORDS = [CAFE, "re\u0301sume\u0301", "nai\u0308ve", "jalapen\u0303o", "Zoe\u0308",
                   "Montre\u0301al", "Cha\u0302teau", "fac\u0327ade", "co\u00f6perate",
                   "Tie\u0302\u0301ng Vie\u0323\u0302t", "A\u030angstro\u0308m"]
COMBINING_FIXED = [
    f"She ordered a {CAFE} au lait and a crème brûlée.",
    "His re\u0301sume\u0301 lists two years in Montre\u0301al.",
    "The word nai\u0308ve can be written with a precomposed ï or with a combining diaeresis.",
    "Add one jalapen\u0303o for mild heat and two for a real kick.",
    "Zoe\u0308 and Chloé visited the Cha\u0302teau last summer.",
    "Å (A plus a combining ring) and Å (precomposed) look identical but differ in bytes.",
    "In Vietnamese, Tie\u0302\u0301ng Vie\u0323\u0302t stacks two marks on one letter.",
]


def gen_combining(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(COMBINING_FIXED)
    word = rng.choice(COMBINING_WORDS)
    return rng.choice([
        f"Is “{word}” one token or several? It depends on the normalizer.",
        f"NFC turns “{word}” into fewer code points; NFD leaves it as it is.",
        f"The spell checker flagged “{word}” even though it looks perfectly normal.",
        f"Search for “{word}” and you may miss the precomposed spelling.",
    ])


# --------------------------------------------------------------------------------------------
# Assembly
# --------------------------------------------------------------------------------------------

# (name, generator, number of distinct blocks, sentences per document (None: the generator
# returns a whole line or code block), separator between sentences)
PLAN = [
    ("zh", gen_zh, 110, (2, 4), ""),
    ("en", gen_en, 80, (2, 4), " "),
    ("ja", gen_ja, 55, (2, 4), ""),
    ("ar", gen_ar, 35, (2, 3), " "),
    ("ko", gen_ko, 35, (2, 3), " "),
    ("ru", gen_ru, 30, (2, 3), " "),
    ("numbers", gen_numbers, 70, None, ""),
    ("emoji", gen_emoji, 35, None, ""),
    ("combining", gen_combining, 18, None, ""),
    ("code", gen_code, 25, None, ""),
]


def make_document(rng: random.Random, gen, sizes, sep: str) -> list[str]:
    if sizes is None:
        out = gen(rng)
        return out if isinstance(out, list) else [out]
    sentences: list[str] = []
    want = rng.randint(*sizes)
    for _ in range(want * 10):  # a bounded number of draws
        s = gen(rng)
        # skip repeats, and a second sentence from the same template (same opening words)
        if all(s[:8] != seen[:8] for seen in sentences):
            sentences.append(s)
        if len(sentences) == want:
            break
    return [sep.join(sentences)]


def build(seed: int = SEED) -> str:
    """The whole corpus as one string (one document per line, ending with a newline)."""
    rng = random.Random(seed)
    blocks: list[list[str]] = []
    seen: set[str] = set()  # membership only; order comes from the lists
    for _name, gen, count, sizes, sep in PLAN:
        made = 0
        for _ in range(count * 20):
            block = make_document(rng, gen, sizes, sep)
            key = "\n".join(block)
            if key in seen:
                continue
            seen.add(key)
            blocks.append(block)
            made += 1
            if made == count:
                break
    rng.shuffle(blocks)
    return "".join(line + "\n" for block in blocks for line in block)


def main() -> None:
    text = build()
    CORPUS.write_bytes(text.encode("utf-8"))
    print(f"wrote {CORPUS.name}: {len(text.encode('utf-8')):,} bytes, "
          f"{text.count(chr(10)):,} lines")


if __name__ == "__main__":
    main()
