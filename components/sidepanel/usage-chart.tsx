import { i18n } from "#i18n";
import type { DayCredits } from "../../lib/library/usage-totals";
import { formatDate } from "../format-date";

const WIDTH = 300;
const HEIGHT = 64;
const GAP = 2;

/**
 * Credits per day as bars, one per day (today at the right), drawn as SVG that scales to the panel's
 * width. Each bar says its day and credits on hover; the chart's name sums it up, and the same figures
 * are in the list under it for assistive technology.
 */
export function UsageChart({ days }: { days: DayCredits[] }) {
  const most = Math.max(0, ...days.map((day) => day.credits));
  const slot = WIDTH / days.length;
  const label = i18n.t("sidepanel.usage.chart");
  return (
    <figure className="usage-chart">
      <figcaption className="usage-chart__caption">
        {label}
        {most === 0 ? (
          <span className="usage-chart__none"> · {i18n.t("sidepanel.usage.chartNone")}</span>
        ) : null}
      </figcaption>
      <svg
        className="usage-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        <line className="usage-chart__base" x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} />
        {days.map(({ day, credits }, index) => {
          // A day with credits is at least 2 units tall, so that one credit beside many still shows.
          const height = most === 0 || credits === 0 ? 0 : Math.max(2, (credits / most) * (HEIGHT - 4));
          return (
            <rect
              key={day}
              className={
                index === days.length - 1 ? "usage-chart__bar usage-chart__bar--today" : "usage-chart__bar"
              }
              x={index * slot + GAP / 2}
              y={HEIGHT - height}
              width={slot - GAP}
              height={height}
              data-credits={credits}
            >
              <title>
                {i18n.t("sidepanel.usage.chartDay", {
                  date: formatDate(day),
                  credits: i18n.t("credits", credits),
                })}
              </title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
}
