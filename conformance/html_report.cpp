#include "conformance/html_report.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "conformance/reports.h"
#include "runtime/error.h"

namespace onnx_ref {

namespace {

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// "Reshape-14" -> "Reshape", "com.x:Op-3" -> "com.x:Op"; other labels stay whole.
std::string operator_of(const std::string& label) {
  const auto dash = label.rfind('-');
  if (dash == std::string::npos || dash + 1 >= label.size() ||
      label.find_first_not_of("0123456789", dash + 1) != std::string::npos)
    return label;
  return label.substr(0, dash);
}

// The index of a test's status in the page's script (names[], cls[]).
int status_index(const TestResult& r) { return r.is_expected_failure() ? 3 : static_cast<int>(r.status); }

const char* cell_class(const Score& s) {
  if (s.failed) return "f";
  if (s.expected) return "x";
  if (s.passed && s.skipped) return "m";
  if (s.passed) return "p";
  return "s";
}

constexpr const char* kStyle = R"CSS(
*{box-sizing:border-box}
body{display:flex;flex-direction:column;height:100vh;margin:0;font:12px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#fff}
header{padding:8px 12px;border-bottom:1px solid #d0d5dd;background:#f7f8fa}
h1{font-size:15px;margin:0 0 4px}
.sum b{font-size:14px}.sum .np{color:#137333}.sum .nf{color:#c5221f}.sum .ns{color:#5f6368}
.legend span{display:inline-block;padding:0 6px;margin-right:4px;border-radius:3px}
main{display:flex;flex:1 1 auto;min-height:0}
#wrap{overflow:auto;flex:1 1 auto}
#panel{flex:0 0 300px;overflow:auto;border-left:1px solid #d0d5dd;padding:8px 10px;background:#fbfbfc}
#panel h2{font-size:13px;margin:0 0 6px;word-break:break-all}
#panel ul{list-style:none;margin:0;padding:0}
#panel li{padding:3px 0;border-bottom:1px solid #eceef1;word-break:break-word}
#panel .st{font-weight:600;margin-right:4px}
#panel .msg{color:#444;font-family:ui-monospace,Menlo,monospace;font-size:11px;display:block;margin-top:1px}
table{border-collapse:separate;border-spacing:0}
th,td{padding:1px 4px;border-right:1px solid #e3e6ea;border-bottom:1px solid #e3e6ea;white-space:nowrap;text-align:center}
thead th{position:sticky;top:0;background:#eef1f5;z-index:2;font-weight:600}
thead tr.tot th{top:19px;font-weight:400;font-size:11px;color:#444}
th.op,td.op{position:sticky;left:0;background:#fff;text-align:left;z-index:1;min-width:170px}
thead th.op{z-index:3;background:#eef1f5}
tr.g td{border-top:2px solid #b9c0ca}
td.c{cursor:pointer;min-width:44px;font-variant-numeric:tabular-nums}
td.x{background:#fde7b0}td.p{background:#c9ebd2}td.m{background:#e6f4e6}td.f{background:#f6c4c0}td.s{background:#eceef1;color:#777}
td.c:hover,td.sel{outline:2px solid #1a73e8;outline-offset:-2px}
td.c i{font-style:normal;color:#c5221f;font-weight:600}td.c u{text-decoration:none;color:#777}td.c s{text-decoration:none;color:#8a5300}
.xp{color:#137333}.xf{color:#c5221f}.xs{color:#5f6368}.xe{color:#8a5300}
.run{color:#444;font-size:11px;margin-top:2px;word-break:break-all}
#panel .why{color:#8a5300;display:block;margin-top:1px}
)CSS";

// Cells list their tests by index into the page's test table, so each test's text appears once.
constexpr const char* kScript = R"JS(
(function(){
var data=JSON.parse(document.getElementById('data').textContent);
var panel=document.getElementById('panel'),pinned=null;
var names=['passed','failed','skipped','expected failure'],cls=['xp','xf','xs','xe'];
function esc(s){return s.replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c];});}
function show(td){
  var key=td.getAttribute('data-row')+'\u0000'+td.getAttribute('data-col');
  var ids=data.cells[key]||[];
  var h='<h2>'+esc(td.getAttribute('data-row'))+' \u00b7 '+esc(td.getAttribute('data-col'))+'</h2><div>'+
        td.getAttribute('data-p')+' passed, '+td.getAttribute('data-f')+' failed, '+td.getAttribute('data-s')+' skipped, '+
        td.getAttribute('data-x')+' expected failures'+
        (pinned?' (pinned; click again to release)':' (click to pin)')+'</div><ul>';
  var order=ids.slice().sort(function(a,b){return (data.tests[b][1]===1)-(data.tests[a][1]===1)||data.tests[a][1]-data.tests[b][1];});
  order.forEach(function(i){var t=data.tests[i];
    h+='<li><span class="st '+cls[t[1]]+'">'+names[t[1]]+'</span>'+esc(t[0])+
       (t[3]?'<span class="why">expected: '+esc(t[3])+'</span>':'')+(t[2]?'<span class="msg">'+esc(t[2])+'</span>':'')+'</li>';});
  panel.innerHTML=h+'</ul>';
}
var table=document.getElementById('matrix');
table.addEventListener('mouseover',function(e){var td=e.target.closest('td.c');if(td&&!pinned)show(td);});
table.addEventListener('click',function(e){var td=e.target.closest('td.c');if(!td)return;
  if(pinned)pinned.classList.remove('sel');
  if(pinned===td){pinned=null;show(td);return;}
  pinned=td;td.classList.add('sel');show(td);});
// "#cell=ROW|COL" in the address pins that cell when the page opens.
var m=/^#cell=(.*)$/.exec(location.hash);
if(m){var p=decodeURIComponent(m[1]).split('|');
  Array.prototype.forEach.call(document.querySelectorAll('td.c'),function(td){
    if(td.getAttribute('data-row')===p[0]&&td.getAttribute('data-col')===p[1]){pinned=td;td.classList.add('sel');show(td);}});}
document.body.setAttribute('data-ready','1');
})();
)JS";

}  // namespace

std::string render_html_report(const std::vector<TestResult>& results, const std::string& title,
                               const RunDetails& run) {
  // Sources (columns) in natural order; rows in scoreboard order with "(no operator resolved)" last.
  std::set<std::string> source_set;
  for (const auto& r : results) source_set.insert(test_source(r));
  std::vector<std::string> sources(source_set.begin(), source_set.end());
  std::sort(sources.begin(), sources.end(), natural_less);
  std::vector<std::string> rows;
  for (const auto& [label, _] : scoreboard(results))
    if (label != kNoOperator) rows.push_back(label);
  bool any_unresolved = false;

  std::map<std::pair<std::string, std::string>, Score> cells;
  std::map<std::pair<std::string, std::string>, std::vector<size_t>> cell_tests;
  std::map<std::string, Score> per_source;
  Score total;
  nlohmann::json tests = nlohmann::json::array();
  for (size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    const std::string source = test_source(r);
    total.add(r);
    per_source[source].add(r);
    tests.push_back({r.test.dir.string(), status_index(r), r.message, r.expected_reason.value_or("")});
    std::vector<std::string> labels = r.kernels;
    if (labels.empty()) {
      labels = {kNoOperator};
      any_unresolved = true;
    }
    for (const auto& label : labels) {
      cells[{label, source}].add(r);
      cell_tests[{label, source}].push_back(i);
    }
  }
  if (any_unresolved) rows.push_back(kNoOperator);

  nlohmann::json cell_index = nlohmann::json::object();
  for (const auto& [key, ids] : cell_tests) cell_index[key.first + std::string(1, '\0') + key.second] = ids;
  std::string data = nlohmann::json{{"tests", tests}, {"cells", cell_index}}.dump(
      -1, ' ', false, nlohmann::json::error_handler_t::replace);
  // Inside <script>, "</" could end the element early.
  for (size_t pos = 0; (pos = data.find("</", pos)) != std::string::npos; pos += 3) data.replace(pos, 2, "<\\/");

  // Rows of operator versions that ran ("Reshape-14"), apart from rows of what is missing.
  std::set<std::string> operators;
  size_t version_rows = 0;
  for (const auto& row : rows)
    if (operator_of(row) != row) {
      operators.insert(operator_of(row));
      ++version_rows;
    }

  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" << html_escape(title)
      << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n<header><h1>" << html_escape(title) << "</h1>\n"
      << "<div class=\"sum\" id=\"summary\" data-passed=\"" << total.passed << "\" data-failed=\"" << total.failed
      << "\" data-skipped=\"" << total.skipped << "\" data-expected=\"" << total.expected << "\"><b class=\"np\">"
      << total.passed << "</b> passed, <b class=\"nf\">" << total.failed << "</b> failed, <b class=\"ns\">"
      << total.skipped << "</b> skipped, <b class=\"xe\">" << total.expected << "</b> expected failures &mdash; "
      << results.size() << " tests, " << version_rows << " operator versions of " << operators.size() << " operators, "
      << sources.size()
      << " sources. <span class=\"legend\"><span style=\"background:#c9ebd2\">all passed</span>"
         "<span style=\"background:#e6f4e6\">passed + skipped</span><span style=\"background:#f6c4c0\">a failure</span>"
         "<span style=\"background:#fde7b0\">an expected failure</span>"
         "<span style=\"background:#eceef1\">all skipped</span></span> Cells: passed <i "
         "style=\"color:#c5221f;font-style:normal\">failed</i> "
         "<span style=\"color:#777\">skipped</span> <span style=\"color:#8a5300\">expected</span>; hover or click a "
         "cell for its tests.</div>\n"
      << "<div class=\"run\" id=\"run\">" << html_escape(run.version) << " &middot; " << html_escape(run.date)
      << " &middot; rtol " << run.rtol << ", atol " << run.atol
      << (run.expect.empty() ? "" : " &middot; manifest " + html_escape(run.expect)) << " &middot; <code>"
      << html_escape(run.command) << "</code></div></header>\n"
      << "<main><div id=\"wrap\"><table id=\"matrix\">\n<thead><tr><th class=\"op\">operator version</th>";
  for (const auto& s : sources) out << "<th data-col=\"" << html_escape(s) << "\">" << html_escape(s) << "</th>";
  out << "</tr>\n<tr class=\"tot\"><th class=\"op\">all tests</th>";
  for (const auto& s : sources) {
    const Score& t = per_source[s];
    out << "<th title=\"passed / failed / skipped / expected failures\">" << t.passed << "/" << t.failed << "/"
        << t.skipped << "/" << t.expected << "</th>";
  }
  out << "</tr></thead>\n<tbody>\n";
  std::string previous_op;
  for (const auto& row : rows) {
    const std::string op = operator_of(row);
    out << "<tr" << (op != previous_op ? " class=\"g\"" : "") << "><td class=\"op\">" << html_escape(row) << "</td>";
    previous_op = op;
    for (const auto& s : sources) {
      auto it = cells.find({row, s});
      if (it == cells.end()) {
        out << "<td></td>";
        continue;
      }
      const Score& c = it->second;
      out << "<td class=\"c " << cell_class(c) << "\" data-row=\"" << html_escape(row) << "\" data-col=\""
          << html_escape(s) << "\" data-p=\"" << c.passed << "\" data-f=\"" << c.failed << "\" data-s=\"" << c.skipped
          << "\" data-x=\"" << c.expected << "\" title=\"" << c.passed << " passed, " << c.failed << " failed, "
          << c.skipped << " skipped, " << c.expected << " expected failures\">";
      if (c.passed || (!c.failed && !c.skipped && !c.expected)) out << c.passed;
      if (c.failed) out << (c.passed ? " " : "") << "<i>" << c.failed << "</i>";
      if (c.expected) out << (c.passed || c.failed ? " " : "") << "<s>" << c.expected << "</s>";
      if (c.skipped) out << (c.passed || c.failed || c.expected ? " " : "") << "<u>" << c.skipped << "</u>";
      out << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</tbody></table></div>\n<aside id=\"panel\"><h2>Tests of a cell</h2><div>Hover over a cell to list its tests "
         "with the message of each failure or skip; click to pin the list.</div></aside></main>\n"
      << "<script type=\"application/json\" id=\"data\">" << data << "</script>\n<script>" << kScript
      << "</script>\n</body></html>\n";
  return out.str();
}

void write_html_report(const std::filesystem::path& path, const std::vector<TestResult>& results,
                       const RunDetails& run) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw Error(path.string() + ": cannot be written");
  out << render_html_report(results, "onnx-ref conformance", run);
  if (!out) throw Error(path.string() + ": cannot be written");
}

}  // namespace onnx_ref
