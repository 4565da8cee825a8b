import { NEWS_STATUS } from '@meridian/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { newsArticles, newsTranslations } from '../../db/schema.ts';
import { sanitizeArticleHtml } from './article-html.ts';
import { countArticles } from './news.repository.ts';
import { NEWS_SEED_BANNERS, seedBannerUrl } from './news-seed-banners.ts';

/**
 * Market articles written for Meridian (issue 29) so a fresh install's news screen is alive: in
 * English and Hong Kong Chinese, published at staggered times before the first start. Commentary
 * of the kind a broker's desk writes, with no real figures that would date them. Staff edit,
 * unpublish or replace them like any article.
 */
interface SeedArticle {
  hoursAgo: number;
  logo: string;
  en: { title: string; desc: string; content: string };
  hk: { title: string; desc: string; content: string };
}

const FED_CALENDAR = 'https://www.federalreserve.gov/monetarypolicy/fomccalendars.htm';
const ECB_CALENDAR = 'https://www.ecb.europa.eu/press/calendars/mgcgc/html/index.en.html';
const EIA_WEEKLY = 'https://www.eia.gov/petroleum/supply/weekly/';

export const NEWS_SEEDS: SeedArticle[] = [
  {
    hoursAgo: 3,
    logo: seedBannerUrl(NEWS_SEED_BANNERS.centralBank),
    en: {
      title: 'Central bank week ahead: Fed and ECB decisions in focus',
      desc: 'Two rate decisions, fresh projections and a busy calendar of speakers: what traders are watching and how it can move the dollar, the euro and gold.',
      content: `<p>It is a heavy week for monetary policy. The Federal Reserve and the European Central Bank both announce rate decisions, and each comes with new staff projections that markets will read as closely as the decisions themselves.</p>
<h3>What is priced in</h3>
<p>Futures imply little chance of a move at either meeting, so the reaction is likely to come from guidance rather than from the rate itself. A shift in the projected path for next year is the main risk for positioning.</p>
<ul><li><strong>Fed:</strong> the projections and the tone of the press conference on inflation progress.</li><li><strong>ECB:</strong> whether growth downgrades open the door to further cuts.</li><li><strong>Dollar:</strong> EURUSD and USDJPY tend to widen their ranges in the hour after each statement.</li></ul>
<p>Spreads can widen around the announcements. Check your margin level before the release, and consider whether stop-loss orders sit too close to the current price.</p>
<p>The official calendars are published by the <a href="${FED_CALENDAR}">Federal Reserve</a> and the <a href="${ECB_CALENDAR}">ECB</a>.</p>`,
    },
    hk: {
      title: '央行週前瞻：聚焦聯儲局與歐洲央行議息',
      desc: '兩場議息會議、最新經濟預測及一連串官員講話：交易者關注甚麼，以及美元、歐元和黃金可能如何反應。',
      content: `<p>本週是貨幣政策的重要一週。美國聯邦儲備局與歐洲央行均會公布利率決定，並同時發表最新的經濟預測，市場對預測的重視程度不亞於決定本身。</p>
<h3>市場已反映甚麼</h3>
<p>期貨價格顯示兩場會議改變利率的機會不大，因此市場反應較可能來自前瞻指引而非利率本身。明年利率路徑的預測若有調整，將是持倉的主要風險。</p>
<ul><li><strong>聯儲局：</strong>經濟預測，以及記者會上對通脹進展的語氣。</li><li><strong>歐洲央行：</strong>下調增長預測會否為進一步減息鋪路。</li><li><strong>美元：</strong>EURUSD 及 USDJPY 在聲明公布後一小時內的波幅往往擴大。</li></ul>
<p>公布前後點差可能擴闊。請在數據公布前檢查保證金水平，並留意止蝕單是否設得太接近現價。</p>
<p>官方日程可參閱<a href="${FED_CALENDAR}">聯儲局</a>及<a href="${ECB_CALENDAR}">歐洲央行</a>網站。</p>`,
    },
  },
  {
    hoursAgo: 10,
    logo: seedBannerUrl(NEWS_SEED_BANNERS.gold),
    en: {
      title: 'Gold holds near record highs as real yields ease',
      desc: 'Central bank buying and softer real yields keep XAUUSD supported, but positioning is stretched and pullbacks have been sharp.',
      content: `<p>Gold is trading close to its record high after a steady climb through the month. Two forces have done most of the work: lower real yields in the United States, which reduce the cost of holding a metal that pays no interest, and continued purchases by central banks diversifying their reserves.</p>
<p>Positioning is the caution. Speculative long positions are near the top of their range, and recent pullbacks of 2–3% have come within a single session when data surprised on the hawkish side.</p>
<h3>Levels traders mention</h3>
<ul><li>The previous record high, now the first resistance.</li><li>The 20-day moving average, which has held on every dip since the breakout.</li><li>Round numbers, where option expiries tend to cluster.</li></ul>
<p>XAUUSD moves by larger dollar amounts per lot than most currency pairs. Size positions from the distance to your stop-loss, not from the balance available.</p>`,
    },
    hk: {
      title: '實質孳息回落，金價守於歷史高位附近',
      desc: '央行持續購金及實質孳息回軟支持 XAUUSD，但投機倉位偏重，近期回調往往來得急。',
      content: `<p>金價本月穩步上揚，現貼近歷史高位。兩大因素主導升勢：美國實質孳息下降，減低持有不派息貴金屬的成本；以及各國央行為分散儲備而持續購金。</p>
<p>需要留意的是倉位。投機好倉接近區間高位，而當數據意外偏鷹時，金價近期曾在單一交易時段內回調 2% 至 3%。</p>
<h3>交易者關注的水平</h3>
<ul><li>前歷史高位，現為首個阻力。</li><li>20 天移動平均線，自突破以來每次回調均能守穩。</li><li>整數關口，期權到期往往集中於此。</li></ul>
<p>XAUUSD 每手的美元波動較大部分貨幣對為大。請按止蝕距離計算倉位大小，而非按可用結餘。</p>`,
    },
  },
  {
    hoursAgo: 22,
    logo: seedBannerUrl(NEWS_SEED_BANNERS.oil),
    en: {
      title: 'Oil: crude inventories draw for a third straight week',
      desc: 'US stockpiles fall again as refinery runs stay high; traders weigh the draw against softer demand signals from Asia.',
      content: `<p>US commercial crude inventories fell for a third consecutive week in the latest government report, with refineries running at a high share of capacity ahead of winter. Gasoline stocks rose slightly, while distillates fell.</p>
<p>Prices reacted modestly. Much of the draw was expected after industry estimates the evening before, and attention quickly turned back to demand: factory surveys in Asia have softened, and shipping data point to slower import growth.</p>
<ul><li>Crude: a third weekly draw.</li><li>Gasoline: a small build.</li><li>Distillates: lower, supportive for heating oil into winter.</li></ul>
<p>The weekly figures are published every Wednesday by the <a href="${EIA_WEEKLY}">US Energy Information Administration</a>. Volatility in WTI and Brent often rises in the minutes after the release.</p>`,
    },
    hk: {
      title: '原油：庫存連續第三週下降',
      desc: '煉油廠開工率維持高企，美國原油庫存再度下跌；交易者正權衡庫存下降與亞洲需求轉弱的訊號。',
      content: `<p>最新政府報告顯示，美國商業原油庫存連續第三週下降，煉油廠在入冬前維持高開工率。汽油庫存輕微上升，餾分油庫存則下跌。</p>
<p>油價反應溫和。前一晚的業界估算已令市場預期庫存下降，焦點隨即重回需求：亞洲製造業調查轉弱，航運數據亦顯示進口增長放緩。</p>
<ul><li>原油：連續第三週下降。</li><li>汽油：小幅增加。</li><li>餾分油：下降，對入冬的取暖油價格有支持。</li></ul>
<p>每週數據由<a href="${EIA_WEEKLY}">美國能源資訊署</a>逢星期三公布。數據公布後數分鐘內，WTI 及布蘭特期油的波動往往加劇。</p>`,
    },
  },
  {
    hoursAgo: 30,
    logo: seedBannerUrl(NEWS_SEED_BANNERS.bitcoin),
    en: {
      title: 'Bitcoin volatility returns: what wider ranges mean for your margin',
      desc: 'After weeks of quiet trading, BTCUSD daily ranges have doubled. A reminder of how volatility changes the risk of an open position.',
      content: `<p>Bitcoin's daily trading range has roughly doubled over the past week after a long spell of calm. Moves of several thousand dollars within a few hours have returned, often during the Asian and early European sessions when liquidity is thinner.</p>
<h3>What it means for a leveraged position</h3>
<ul><li>The same position size now carries about twice the daily risk it did a month ago.</li><li>A stop-loss placed inside the normal daily range is more likely to be hit by noise.</li><li>Crypto trades through the weekend: a position held on Friday can move a long way before Monday.</li></ul>
<p>Consider reducing size when ranges widen, and keep enough free margin to stay clear of a stop-out on a sudden move.</p>`,
    },
    hk: {
      title: '比特幣波幅重臨：波幅擴大對保證金有何影響',
      desc: '經過數週的淡靜交投，BTCUSD 的每日波幅已倍增。提醒大家波動如何改變持倉風險。',
      content: `<p>經歷一段長時間的平靜後，比特幣過去一週的每日波幅大約倍增。數小時內上落數千美元的走勢再次出現，且多發生在流動性較薄的亞洲及歐洲早段交易時段。</p>
<h3>對槓桿持倉的影響</h3>
<ul><li>相同倉位大小的每日風險，約為一個月前的兩倍。</li><li>止蝕位若設於正常每日波幅之內，較易被市場雜音觸發。</li><li>加密貨幣週末照常交易：星期五持有的倉位在星期一前可能大幅波動。</li></ul>
<p>波幅擴大時可考慮減少倉位，並保留足夠的可用保證金，以免在突如其來的波動中被強制平倉。</p>`,
    },
  },
  {
    hoursAgo: 49,
    logo: '',
    en: {
      title: 'Euro area PMIs: manufacturing still below 50, services steady',
      desc: 'Flash surveys show factories contracting for another month while services hold up; EURUSD reaction muted ahead of the ECB.',
      content: `<p>The flash purchasing managers' indices for the euro area showed manufacturing in contraction for another month, below the 50 mark that separates growth from decline. New orders and export orders remained weak, and firms reported cutting inventories.</p>
<p>Services were steadier, with activity broadly unchanged and employment still rising modestly. Germany continued to lag, while France and the periphery held up better.</p>
<p>EURUSD moved only briefly on the release. With the ECB meeting close, traders appear unwilling to take large positions on a single survey.</p>`,
    },
    hk: {
      title: '歐元區採購經理指數：製造業仍低於 50，服務業平穩',
      desc: '初值調查顯示工廠活動再度收縮，服務業則保持穩定；歐洲央行議息前 EURUSD 反應平淡。',
      content: `<p>歐元區採購經理指數初值顯示，製造業連續多一個月處於收縮區間，低於區分擴張與收縮的 50 分水嶺。新訂單及出口訂單依然疲弱，企業表示正在削減存貨。</p>
<p>服務業較為平穩，活動大致持平，就業仍溫和增長。德國繼續落後，法國及周邊國家則表現較佳。</p>
<p>數據公布後 EURUSD 只是短暫波動。歐洲央行議息在即，交易者似乎不願因單一調查而建立大額倉位。</p>`,
    },
  },
  {
    hoursAgo: 55,
    logo: '',
    en: {
      title: 'Earnings season: what to watch in bank and tech results',
      desc: 'Net interest margins, credit provisions and AI spending: the numbers that have moved shares and indices this quarter.',
      content: `<p>Quarterly results season is under way, with the large banks reporting first and the technology groups following over the next two weeks. Index moves on reporting days have been larger than usual, as a handful of companies now carry a large weight in the main benchmarks.</p>
<h3>Banks</h3>
<ul><li>Net interest margins: how much lower rates are squeezing lending income.</li><li>Credit provisions: any rise in money set aside for bad loans.</li><li>Trading revenue: volatile markets have tended to help.</li></ul>
<h3>Technology</h3>
<ul><li>Capital spending on data centres and AI, and whether guidance rises again.</li><li>Cloud revenue growth against expectations.</li></ul>
<p>Results are usually released outside market hours. Prices can open with a gap, and stop-loss orders are filled at the first available price, which may be beyond the level set.</p>`,
    },
    hk: {
      title: '業績期：銀行與科技股業績的觀察重點',
      desc: '淨息差、信貸撥備及人工智能開支：本季推動股價及指數的關鍵數字。',
      content: `<p>季度業績期已經展開，大型銀行率先公布，科技企業將於未來兩週陸續登場。由於少數公司在主要指數中的比重甚高，公布業績當日的指數波動較平常為大。</p>
<h3>銀行</h3>
<ul><li>淨息差：利率下調對借貸收入的壓縮程度。</li><li>信貸撥備：壞帳準備有否增加。</li><li>交易收入：市場波動一般有利此項收入。</li></ul>
<h3>科技</h3>
<ul><li>數據中心及人工智能的資本開支，以及指引會否再度上調。</li><li>雲端業務收入增長與市場預期的比較。</li></ul>
<p>業績通常在交易時段以外公布。價格可能跳空開市，止蝕單會以首個可成交價格執行，或會超出所設水平。</p>`,
    },
  },
  {
    hoursAgo: 74,
    logo: '',
    en: {
      title: 'Yen intervention watch: how officials signal before they act',
      desc: 'USDJPY is back near levels that drew action before. The language to listen for, and why moves can be sudden.',
      content: `<p>USDJPY has climbed back toward levels where Japan's Ministry of Finance has stepped into the market before. Officials have started to say they are watching currency moves "with a high sense of urgency", language that has often come before intervention.</p>
<h3>The usual sequence</h3>
<ol><li>Verbal warnings that moves are "excessive" or "speculative".</li><li>Reports of a rate check, when officials ask banks for prices.</li><li>Intervention itself, which can move the pair by several yen within minutes.</li></ol>
<p>Intervention is often timed for thin liquidity, such as late in the New York session or during holidays. Short-yen positions can lose quickly; a wider stop or a smaller size may suit the current risk.</p>`,
    },
    hk: {
      title: '日圓干預觀察：官員出手前會如何示警',
      desc: 'USDJPY 重返過往曾觸發干預的水平。需要留意的措辭，以及為何走勢可能急變。',
      content: `<p>USDJPY 再度升近日本財務省過往入市干預的水平。官員已開始表示正以「高度緊迫感」關注匯率走勢，這類措辭過去多次出現在干預之前。</p>
<h3>常見的步驟</h3>
<ol><li>口頭警告匯價走勢「過度」或「投機」。</li><li>傳出「查價」消息，即官員向銀行詢價。</li><li>正式干預，匯價可在數分鐘內波動數日圓。</li></ol>
<p>干預往往選在流動性較薄的時候進行，例如紐約時段尾段或假期期間。沽空日圓的倉位可能迅速虧損；在現時的風險下，較闊的止蝕或較小的倉位或更為合適。</p>`,
    },
  },
  {
    hoursAgo: 97,
    logo: seedBannerUrl(NEWS_SEED_BANNERS.riskTip),
    en: {
      title: 'Risk management tip: size the position from the stop, not the target',
      desc: 'Decide how much you are willing to lose first, then let the distance to your stop-loss set the lot size.',
      content: `<p>Many new traders choose a lot size first and place the stop-loss wherever the loss still feels acceptable. Reversing the order gives steadier results.</p>
<ol><li><strong>Set the risk per trade.</strong> Many traders use 1% of the balance or less.</li><li><strong>Find the stop level</strong> on the chart: the price at which the idea is proven wrong.</li><li><strong>Work out the size:</strong> risk amount ÷ (distance to the stop × value of one point per lot).</li></ol>
<p>Example: with a balance of 10,000 USD and 1% risk, you can lose 100 USD. If the stop is 50 points away and one lot moves 10 USD a point, the size is 100 ÷ (50 × 10) = 0.2 lots.</p>
<blockquote>The target decides how much you might make; the stop decides whether you stay in the game.</blockquote>`,
    },
    hk: {
      title: '風險管理貼士：按止蝕位決定倉位，而非目標價',
      desc: '先決定願意承受多少虧損，再按止蝕距離計算手數。',
      content: `<p>不少新手會先選定手數，再把止蝕設在虧損仍「可接受」的地方。把次序倒過來，結果會更穩定。</p>
<ol><li><strong>訂立每筆交易的風險。</strong>不少交易者會設為結餘的 1% 或以下。</li><li><strong>從圖表找出止蝕位：</strong>即證明交易構思出錯的價位。</li><li><strong>計算倉位大小：</strong>風險金額 ÷（止蝕距離 × 每手每點價值）。</li></ol>
<p>例子：結餘 10,000 美元，風險 1%，即最多虧損 100 美元。若止蝕距離為 50 點，而每手每點價值 10 美元，倉位便是 100 ÷（50 × 10）= 0.2 手。</p>
<blockquote>目標價決定你可能賺多少；止蝕位決定你能否留在市場。</blockquote>`,
    },
  },
];

const HOUR_MS = 3_600_000;

/**
 * Fills the news on a first start (the table is empty): the articles above, published `hoursAgo`
 * before `nowMs`. Two inserts in the caller's transaction; the banners are written at start by
 * jobs/write-seed-banners.ts.
 */
export async function seedNewsIfEmpty(tx: DbOrTx, nowMs: number): Promise<void> {
  if ((await countArticles(tx)) > 0) return;
  const now = new Date(nowMs);
  const rows = await tx
    .insert(newsArticles)
    .values(
      NEWS_SEEDS.map((a) => ({
        status: NEWS_STATUS.PUBLISHED,
        logo: a.logo,
        publishAt: new Date(nowMs - a.hoursAgo * HOUR_MS),
        createdBy: 'seed',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: newsArticles.id });
  // Serial ids are taken in the order of the values: sorted, they line up with NEWS_SEEDS.
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await tx.insert(newsTranslations).values(
    NEWS_SEEDS.flatMap((a, i) =>
      (['en', 'hk'] as const).map((lang) => ({
        articleId: ids[i]!,
        lang,
        title: a[lang].title,
        desc: a[lang].desc,
        content: sanitizeArticleHtml(a[lang].content),
      })),
    ),
  );
}
