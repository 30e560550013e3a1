#include "TestAST.h"

#include "dispatch/CopyrightNotice.h"
#include "dispatch/Ownership.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace dispatch;
using namespace dispatch::test;

namespace {

const std::map<std::string, std::string> Headers = {
    {"/sys/vec.h", "namespace std { template <class T> struct vector {}; "
                   "template <class A, class B> struct pair {}; }\n"
                   "namespace lib { struct Handle {}; }"},
    {"/project/third_party/dep.h", "namespace dep { struct Blob {}; }"},
};

const char *Code = R"cpp(
#include <vec.h>
#include "third_party/dep.h"
namespace gnn { struct Tensor {}; enum class Kind { A }; }
using V = std::vector<gnn::Tensor>;
using F = std::vector<float>;
using P = std::pair<int, std::vector<gnn::Kind>>;
using Fn = void (*)(const gnn::Tensor &);
using Ptr = gnn::Tensor *[3];
using L = std::vector<lib::Handle>;
using D = dep::Blob;
)cpp";

QualType aliased(Parsed &P, const std::string &Name) {
  const auto *TD = P.find<TypedefNameDecl>(Name);
  EXPECT_NE(TD, nullptr) << Name;
  return TD ? TD->getUnderlyingType() : QualType();
}

TEST(Ownership, ProjectFilesAreOwnedSystemAndVendoredAreNot) {
  Parsed P = parse(Code, {}, Headers);
  OwnershipPolicy Policy{OwnershipOptions{}};
  EXPECT_TRUE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("gnn::Tensor")));
  EXPECT_FALSE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("lib::Handle")));
  EXPECT_FALSE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("dep::Blob")));
}

TEST(Ownership, InvolvesOwnedTypeLooksThroughEverything) {
  Parsed P = parse(Code, {}, Headers);
  OwnershipPolicy Policy{OwnershipOptions{}};
  EXPECT_TRUE(Policy.involvesOwnedType(aliased(P, "V")));
  EXPECT_FALSE(Policy.involvesOwnedType(aliased(P, "F")));
  EXPECT_TRUE(Policy.involvesOwnedType(aliased(P, "P")));   // nested template argument, enum
  EXPECT_TRUE(Policy.involvesOwnedType(aliased(P, "Fn")));  // function parameter
  EXPECT_TRUE(Policy.involvesOwnedType(aliased(P, "Ptr"))); // array of pointers
  EXPECT_FALSE(Policy.involvesOwnedType(aliased(P, "L")));
  EXPECT_FALSE(Policy.involvesOwnedType(aliased(P, "D")));
}

TEST(Ownership, SourceRootsAndOwnedNamespacesAreHonoured) {
  Parsed P = parse(Code, {}, Headers);
  OwnershipOptions Roots;
  Roots.SourceRoots = {"/elsewhere/"};
  EXPECT_FALSE(OwnershipPolicy(Roots).isOwnedDecl(P.find<CXXRecordDecl>("gnn::Tensor")));
  Roots.SourceRoots = {"/project/"};
  EXPECT_TRUE(OwnershipPolicy(Roots).isOwnedDecl(P.find<CXXRecordDecl>("gnn::Tensor")));

  OwnershipOptions Ns;
  Ns.OwnedNamespaces = {"dep"};
  EXPECT_TRUE(OwnershipPolicy(Ns).isOwnedDecl(P.find<CXXRecordDecl>("dep::Blob")));
  Ns.ThirdPartyDirs = {};
  Ns.OwnedNamespaces = {};
  EXPECT_TRUE(OwnershipPolicy(Ns).isOwnedDecl(P.find<CXXRecordDecl>("dep::Blob")));
}

TEST(Ownership, NamespaceStdIsNeverOwned) {
  Parsed P = parse("namespace std { struct mine {}; }");
  OwnershipPolicy Policy{OwnershipOptions{}};
  const auto *Mine = P.find<CXXRecordDecl>("std::mine");
  ASSERT_NE(Mine, nullptr);
  EXPECT_TRUE(isInStdNamespace(Mine));
  EXPECT_FALSE(Policy.isOwnedDecl(Mine));
}

TEST(Ownership, InternalNamespaceIsTheInnermostDetailNamespace) {
  Parsed P = parse(R"cpp(
namespace xt { struct pub {}; namespace detail { struct wrap { struct inner {}; }; } }
namespace lib { inline namespace v1 { namespace internal { struct node {}; } struct api {}; } }
namespace { struct hidden {}; }
)cpp");
  OwnershipPolicy Policy{OwnershipOptions{}};
  auto In = [&](const OwnershipPolicy &Pol, const char *Name) -> std::string {
    const auto *RD = P.find<CXXRecordDecl>(Name);
    if (!RD)
      return "<not found>";
    const NamespaceDecl *NS = Pol.internalNamespace(RD);
    return !NS ? "" : NS->isAnonymousNamespace() ? "(anonymous)" : NS->getName().str();
  };
  EXPECT_EQ(In(Policy, "xt::pub"), "");
  EXPECT_EQ(In(Policy, "xt::detail::wrap"), "detail");
  EXPECT_EQ(In(Policy, "xt::detail::wrap::inner"), "detail");
  EXPECT_EQ(In(Policy, "lib::internal::node"), "internal");
  EXPECT_EQ(In(Policy, "lib::api"), "");
  EXPECT_EQ(In(Policy, "(anonymous namespace)::hidden"),
            "(anonymous)");
  OwnershipOptions None;
  None.InternalNamespaces = {};
  EXPECT_EQ(In(OwnershipPolicy(None), "xt::detail::wrap"), "");
}

} // namespace

namespace {

const std::vector<std::string> &stopWords() { return Knowledge::builtin().CopyrightStopWords; }

TEST(CopyrightNotice, NamesTheHoldersOfCopyrightLinesOnly) {
  EXPECT_EQ(copyrightHolders("/*\n  Copyright (c) 2014, Randolph Voorhies, Shane Grant\n"
                             "  All rights reserved.\n", stopWords()),
            (std::set<std::string>{"randolph", "voorhies", "shane", "grant"}));
  EXPECT_EQ(copyrightHolders("// Copyright 2015 The TensorFlow Authors. All Rights Reserved.",
                             stopWords()),
            (std::set<std::string>{"tensorflow"}));
  EXPECT_EQ(copyrightHolders("Copyright (c) 2013, Taiga Nomi and the respective contributors",
                             stopWords()),
            (std::set<std::string>{"taiga", "nomi"}));
  EXPECT_EQ(copyrightHolders("# SPDX-FileCopyrightText: Copyright (c) 2023 NVIDIA CORPORATION & "
                             "AFFILIATES", stopWords()),
            (std::set<std::string>{"nvidia"}));
  // REUSE's tag is a notice without "Copyright"; an address names nobody and
  // is no placeholder (CTranslate2's vendored nlohmann/json and half).
  EXPECT_EQ(copyrightHolders("// SPDX-FileCopyrightText: 2013-2022 Niels Lohmann "
                             "<https://nlohmann.me>", stopWords()),
            (std::set<std::string>{"niels", "lohmann"}));
  EXPECT_EQ(copyrightHolders("// Copyright (c) 2012 Christian Rau <rauy@users.sourceforge.net>",
                             stopWords()),
            (std::set<std::string>{"christian", "rau"}));
  // A holder in lower case is named when nobody in the line is capitalised
  // (LightGBM's vendored yamc: "Copyright (c) 2017 yohhoy").
  EXPECT_EQ(copyrightHolders("// Copyright (c) 2017 yohhoy", stopWords()),
            (std::set<std::string>{"yohhoy"}));
  EXPECT_EQ(copyrightHolders("// Copyright (C) 2017 yohhoy", stopWords()),
            (std::set<std::string>{"yohhoy"}));
  EXPECT_EQ(copyrightHolders("// Copyright (c) 2017 Ann Smith and yohhoy", stopWords()),
            (std::set<std::string>{"ann", "smith"}));
  EXPECT_TRUE(copyrightHolders("// SPDX-License-Identifier: MIT", stopWords()).empty());
  // The GNU licence texts' notice is the licence document's own (OpenNN's
  // LICENSE.txt is the LGPL): it names no holder of the project.
  EXPECT_TRUE(copyrightHolders(" Copyright (C) 2007 Free Software Foundation, Inc. <http://fsf.org/>",
                               stopWords())
                  .empty());
  EXPECT_TRUE(copyrightHolders("    Copyright (C) <year>  <name of author>", stopWords()).empty());
  // The licence text's own mentions, placeholders and a bare heading name nobody.
  EXPECT_TRUE(copyrightHolders("COPYRIGHT\n"
                               "The above copyright notice and this permission notice shall be\n"
                               "THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS\n"
                               "   Copyright [yyyy] [name of copyright owner]\n"
                               "copyright notice, this list of conditions\n",
                               stopWords())
                  .empty());
}

TEST(CopyrightNotice, OtherHoldersNeedTwoNoticesThatShareNoName) {
  std::set<std::string> Project{"taiga", "nomi"};
  EXPECT_TRUE(namesOtherHolders({"randolph", "voorhies"}, Project));
  EXPECT_FALSE(namesOtherHolders({"taiga", "nomi"}, Project));
  EXPECT_FALSE(namesOtherHolders({"nomi", "someone"}, Project));
  EXPECT_FALSE(namesOtherHolders({}, Project));          // no notice: no judgement
  EXPECT_FALSE(namesOtherHolders({"randolph"}, {}));     // no licence holder: no judgement
}

TEST(CopyrightNotice, ARootLicenceReferenceIsTheProjectsNotice) {
  std::vector<std::string> Files{"LICENSE", "COPYING"};
  // faiss: "Meta Platforms" files under a "Facebook" LICENSE; the sentence wraps.
  EXPECT_TRUE(refersToRootLicence("// Copyright (c) Meta Platforms, Inc. and affiliates.\n"
                                  "// This source code is licensed under the MIT license found in the\n"
                                  "// LICENSE file in the root directory of this source tree.\n",
                                  Files));
  EXPECT_TRUE(refersToRootLicence("# See COPYING in the top-level directory\n", Files));
  // A licence named, no root: a copied file's own ("found in the LICENSE file",
  // pybind11), and no file name at all.
  EXPECT_FALSE(refersToRootLicence("// governed by a BSD-style license that can be found in the\n"
                                   "// LICENSE file.\n",
                                   Files));
  EXPECT_FALSE(refersToRootLicence("// Licensed under the MIT License, see the root of the repo\n", Files));
  // The name as a word: not "LICENSED", nor a name the root has no file of.
  EXPECT_FALSE(refersToRootLicence("// LICENSED at the root of the tree\n", Files));
  EXPECT_FALSE(refersToRootLicence("// see LICENSE.md at the root\n", {"COPYING"}));
}

// A repository at /project (its .git), the main file at its root.
const std::map<std::string, std::string> Tree = {
    {"/project/.git", "gitdir: elsewhere"},
    {"/project/LICENSE", "MIT License\n\nCopyright (c) 2024 Ada Lovelace\n"},
    {"/project/lib/own.h", "// Copyright (c) 2024 Ada Lovelace\nnamespace gnn { struct Own {}; }"},
    {"/project/lib/bare.h", "namespace gnn { struct Bare {}; }"},
    {"/project/lib/copied.h", "/* Copyright (c) 2014, Randolph Voorhies, Shane Grant */\n"
                              "namespace cereal { struct Copied {}; }"},
    {"/project/dev/probe.h", "namespace gnn { struct Probe {}; }"},
    {"/project/lib/dev/deep.h", "namespace gnn { struct Deep {}; }"},
};

const char *TreeCode = R"cpp(
#include "lib/own.h"
#include "lib/bare.h"
#include "lib/copied.h"
#include "dev/probe.h"
#include "lib/dev/deep.h"
)cpp";

TEST(Ownership, AFileUnderAForeignCopyrightNoticeIsVendored) {
  Parsed P = parse(TreeCode, {}, Tree);
  OwnershipPolicy Policy{OwnershipOptions{}};
  EXPECT_TRUE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("gnn::Own")));
  EXPECT_TRUE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("gnn::Bare")));
  EXPECT_FALSE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("cereal::Copied")));
  OwnershipOptions Off;
  Off.VendoredByCopyright = false;
  EXPECT_TRUE(OwnershipPolicy(Off).isOwnedDecl(P.find<CXXRecordDecl>("cereal::Copied")));
}

TEST(Ownership, WithoutALicenceHolderNoNoticeDecides) {
  std::map<std::string, std::string> Unlicensed = Tree;
  Unlicensed["/project/LICENSE"] = "Permission is hereby granted, free of charge";
  Parsed P = parse(TreeCode, {}, Unlicensed);
  OwnershipPolicy Policy{OwnershipOptions{}};
  EXPECT_TRUE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("cereal::Copied")));
}

TEST(Ownership, OutsideTheRepositoryOnlyABuildTreeIsTheProjects) {
  // LightGBM's `-I/usr/local/cuda/include`: cuda_fp16.h is an installed
  // library's, not the project's; a header generated into a build tree
  // elsewhere (CTranslate2's kernels_avx*.cc) is the project's.
  std::map<std::string, std::string> Files = Tree;
  Files["/sdk/include/sdk_half.h"] = "namespace sdk { struct Half {}; }";
  Files["/gen/CMakeCache.txt"] = "";
  Files["/gen/include/generated.h"] = "namespace gnn { struct Generated {}; }";
  // Meson's and a Ninja build directory (no CMakeCache.txt) are build trees too.
  Files["/meson/meson-info/intro-buildoptions.json"] = "{}";
  Files["/meson/gen/meson_generated.h"] = "namespace gnn { struct MesonGenerated {}; }";
  Files["/gn/build.ninja"] = "";
  Files["/gn/gen/ninja_generated.h"] = "namespace gnn { struct NinjaGenerated {}; }";
  Parsed P = parse("#include \"/sdk/include/sdk_half.h\"\n#include \"/gen/include/generated.h\"\n"
                   "#include \"/meson/gen/meson_generated.h\"\n#include \"/gn/gen/ninja_generated.h\"\n",
                   {}, Files);
  OwnershipPolicy Policy{OwnershipOptions{}};
  EXPECT_FALSE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("sdk::Half")));
  EXPECT_TRUE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("gnn::Generated")));
  EXPECT_TRUE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("gnn::MesonGenerated")));
  EXPECT_TRUE(Policy.isOwnedDecl(P.find<CXXRecordDecl>("gnn::NinjaGenerated")));
  OwnershipOptions CMakeOnly;
  CMakeOnly.BuildTreeMarkers = {"CMakeCache.txt"};
  EXPECT_FALSE(OwnershipPolicy(CMakeOnly).isOwnedDecl(P.find<CXXRecordDecl>("gnn::NinjaGenerated")));
}

TEST(Ownership, AuxiliaryDirIsTheFirstDirectoryBelowTheRoot) {
  Parsed P = parse(TreeCode, {}, Tree);
  OwnershipPolicy Policy{OwnershipOptions{}};
  const SourceManager &SM = P.AST->getSourceManager();
  auto Aux = [&](const char *Name) {
    return Policy.auxiliaryDir(P.find<CXXRecordDecl>(Name)->getLocation(), SM);
  };
  EXPECT_EQ(Aux("gnn::Probe"), "dev");
  EXPECT_EQ(Aux("gnn::Deep"), ""); // lib/dev is the library's own
  EXPECT_EQ(Aux("gnn::Own"), "");
  OwnershipOptions None;
  None.AuxiliaryDirs = {};
  EXPECT_EQ(OwnershipPolicy(None).auxiliaryDir(P.find<CXXRecordDecl>("gnn::Probe")->getLocation(), SM),
            "");
}

} // namespace
