#include "Reports.h"

#include <algorithm>
#include <sstream>

namespace dispatch::scan {

static std::string escape(const std::string &S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '&': Out += "&amp;"; break;
    case '"': Out += "&quot;"; break;
    default: Out += C;
    }
  }
  return Out;
}

// Horizontal bars, biggest first: the labels are long C++ names, which a
// vertical bar chart would have to rotate.
std::string renderPlot(const ImpactAnalysis &A, const std::string &Title) {
  const auto &Is = A.impacts();
  const int BarH = 22, Gap = 6, Top = 56, LabelW = 460, PlotW = 420, Right = 70;
  const int Height = Top + int(Is.size()) * (BarH + Gap) + 50;
  const int Width = LabelW + PlotW + Right;
  size_t Max = 1;
  for (const DeclarationImpact &I : Is)
    Max = std::max(Max, I.Children.size());
  // A round axis maximum with five ticks.
  size_t Step = 1;
  for (size_t Base = 1; Step * 5 < Max; Base *= 10)
    for (size_t M : {1, 2, 5})
      if (Step * 5 < Max)
        Step = M * Base;
  size_t AxisMax = ((Max + Step - 1) / Step) * Step;

  std::ostringstream S;
  S << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Width << "\" height=\"" << Height
    << "\" viewBox=\"0 0 " << Width << " " << Height << "\" font-family=\"DejaVu Sans, sans-serif\">\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << Width / 2 << "\" y=\"26\" font-size=\"16\" text-anchor=\"middle\">"
    << escape(Title) << "</text>\n";
  auto X = [&](size_t V) { return LabelW + int(double(V) / double(AxisMax) * PlotW); };
  int AxisBottom = Top + int(Is.size()) * (BarH + Gap);
  for (size_t V = 0; V <= AxisMax; V += Step) {
    S << "<line x1=\"" << X(V) << "\" y1=\"" << Top - 6 << "\" x2=\"" << X(V) << "\" y2=\""
      << AxisBottom << "\" stroke=\"#dddddd\"/>\n"
      << "<text x=\"" << X(V) << "\" y=\"" << AxisBottom + 16
      << "\" font-size=\"11\" text-anchor=\"middle\">" << V << "</text>\n";
  }
  S << "<text x=\"" << LabelW + PlotW / 2 << "\" y=\"" << AxisBottom + 36
    << "\" font-size=\"12\" text-anchor=\"middle\">children (affected functions)</text>\n";
  for (size_t I = 0; I < Is.size(); ++I) {
    const DeclarationImpact &D = Is[I];
    int Y = Top + int(I) * (BarH + Gap);
    std::string Label = D.Decl->name() + "  " + fileAndLine(D.Decl->loc());
    if (Label.size() > 68)
      Label = "…" + Label.substr(Label.size() - 66);
    S << "<g><title>" << escape(D.Decl->check() + ": " + D.Decl->Finding.QualifiedName) << "</title>\n"
      << "<text x=\"" << LabelW - 8 << "\" y=\"" << Y + BarH * 0.7
      << "\" font-size=\"12\" text-anchor=\"end\">" << escape(Label) << "</text>\n"
      << "<rect x=\"" << LabelW << "\" y=\"" << Y << "\" width=\""
      << std::max(1, X(D.Children.size()) - LabelW) << "\" height=\"" << BarH
      << "\" fill=\"#3b75af\"/>\n"
      << "<text x=\"" << X(D.Children.size()) + 6 << "\" y=\"" << Y + BarH * 0.7
      << "\" font-size=\"12\">" << D.Children.size() << "</text></g>\n";
  }
  S << "<line x1=\"" << LabelW << "\" y1=\"" << Top - 6 << "\" x2=\"" << LabelW << "\" y2=\""
    << AxisBottom << "\" stroke=\"black\"/>\n</svg>\n";
  return S.str();
}

} // namespace dispatch::scan
