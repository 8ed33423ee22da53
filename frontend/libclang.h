/* libclang.h - libclang, loaded the first time dagcc reads C (loadclang), not when it starts: a
 * run on IR (--from-ir) then spends no time on libclang's and LLVM's relocations, some 25 ms of
 * a process that reads a small IR file in 2. Each clang_ function the frontend calls is a
 * pointer here, named in CLANGFNS, and its name calls through it (the #defines below); a call
 * to one not listed fails to link. Only frontend/ includes it (through parse.h). */
#ifndef DAGCC_LIBCLANG_H
#define DAGCC_LIBCLANG_H

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

/* clang-format off */
#define CLANGFNS(X) \
	X(clang_CompilationDatabase_dispose) \
	X(clang_CompilationDatabase_fromDirectory) \
	X(clang_CompilationDatabase_getCompileCommands) \
	X(clang_CompileCommand_getArg) \
	X(clang_CompileCommand_getDirectory) \
	X(clang_CompileCommand_getFilename) \
	X(clang_CompileCommand_getNumArgs) \
	X(clang_CompileCommands_dispose) \
	X(clang_CompileCommands_getCommand) \
	X(clang_CompileCommands_getSize) \
	X(clang_Cursor_Evaluate) \
	X(clang_Cursor_getArgument) \
	X(clang_Cursor_getNumArguments) \
	X(clang_Cursor_getStorageClass) \
	X(clang_Cursor_isNull) \
	X(clang_Cursor_isVariadic) \
	X(clang_EvalResult_dispose) \
	X(clang_EvalResult_getAsDouble) \
	X(clang_EvalResult_getAsLongLong) \
	X(clang_EvalResult_getAsStr) \
	X(clang_EvalResult_getAsUnsigned) \
	X(clang_EvalResult_getKind) \
	X(clang_EvalResult_isUnsignedInt) \
	X(clang_File_isEqual) \
	X(clang_Location_isFromMainFile) \
	X(clang_Location_isInSystemHeader) \
	X(clang_PrintingPolicy_dispose) \
	X(clang_Type_getNamedType) \
	X(clang_Type_getSizeOf) \
	X(clang_Type_visitFields) \
	X(clang_createIndex) \
	X(clang_disposeDiagnostic) \
	X(clang_disposeIndex) \
	X(clang_disposeSourceRangeList) \
	X(clang_disposeString) \
	X(clang_disposeTokens) \
	X(clang_disposeTranslationUnit) \
	X(clang_getArrayElementType) \
	X(clang_getCString) \
	X(clang_getCanonicalCursor) \
	X(clang_getCanonicalType) \
	X(clang_getCursorDefinition) \
	X(clang_getCursorExtent) \
	X(clang_getCursorKind) \
	X(clang_getCursorLocation) \
	X(clang_getCursorPrettyPrinted) \
	X(clang_getCursorPrintingPolicy) \
	X(clang_getCursorReferenced) \
	X(clang_getCursorSemanticParent) \
	X(clang_getCursorSpelling) \
	X(clang_getCursorType) \
	X(clang_getDiagnostic) \
	X(clang_getDiagnosticLocation) \
	X(clang_getDiagnosticSeverity) \
	X(clang_getDiagnosticSpelling) \
	X(clang_getExpansionLocation) \
	X(clang_getFile) \
	X(clang_getFileContents) \
	X(clang_getFileName) \
	X(clang_getInclusions) \
	X(clang_getLocationForOffset) \
	X(clang_getNullCursor) \
	X(clang_getNumDiagnostics) \
	X(clang_getPointeeType) \
	X(clang_getPresumedLocation) \
	X(clang_getRange) \
	X(clang_getRangeEnd) \
	X(clang_getRangeStart) \
	X(clang_getResultType) \
	X(clang_getSkippedRanges) \
	X(clang_getSpellingLocation) \
	X(clang_getTokenKind) \
	X(clang_getTokenLocation) \
	X(clang_getTokenSpelling) \
	X(clang_getTranslationUnitCursor) \
	X(clang_getTypeDeclaration) \
	X(clang_getTypeSpelling) \
	X(clang_getTypedefDeclUnderlyingType) \
	X(clang_isAttribute) \
	X(clang_isConstQualifiedType) \
	X(clang_isCursorDefinition) \
	X(clang_isExpression) \
	X(clang_parseTranslationUnit2) \
	X(clang_tokenize) \
	X(clang_visitChildren)

#define X(f) extern __typeof__(f) *p_##f;
CLANGFNS(X)
#undef X

#define clang_CompilationDatabase_dispose (*p_clang_CompilationDatabase_dispose)
#define clang_CompilationDatabase_fromDirectory (*p_clang_CompilationDatabase_fromDirectory)
#define clang_CompilationDatabase_getCompileCommands (*p_clang_CompilationDatabase_getCompileCommands)
#define clang_CompileCommand_getArg (*p_clang_CompileCommand_getArg)
#define clang_CompileCommand_getDirectory (*p_clang_CompileCommand_getDirectory)
#define clang_CompileCommand_getFilename (*p_clang_CompileCommand_getFilename)
#define clang_CompileCommand_getNumArgs (*p_clang_CompileCommand_getNumArgs)
#define clang_CompileCommands_dispose (*p_clang_CompileCommands_dispose)
#define clang_CompileCommands_getCommand (*p_clang_CompileCommands_getCommand)
#define clang_CompileCommands_getSize (*p_clang_CompileCommands_getSize)
#define clang_Cursor_Evaluate (*p_clang_Cursor_Evaluate)
#define clang_Cursor_getArgument (*p_clang_Cursor_getArgument)
#define clang_Cursor_getNumArguments (*p_clang_Cursor_getNumArguments)
#define clang_Cursor_getStorageClass (*p_clang_Cursor_getStorageClass)
#define clang_Cursor_isNull (*p_clang_Cursor_isNull)
#define clang_Cursor_isVariadic (*p_clang_Cursor_isVariadic)
#define clang_EvalResult_dispose (*p_clang_EvalResult_dispose)
#define clang_EvalResult_getAsDouble (*p_clang_EvalResult_getAsDouble)
#define clang_EvalResult_getAsLongLong (*p_clang_EvalResult_getAsLongLong)
#define clang_EvalResult_getAsStr (*p_clang_EvalResult_getAsStr)
#define clang_EvalResult_getAsUnsigned (*p_clang_EvalResult_getAsUnsigned)
#define clang_EvalResult_getKind (*p_clang_EvalResult_getKind)
#define clang_EvalResult_isUnsignedInt (*p_clang_EvalResult_isUnsignedInt)
#define clang_File_isEqual (*p_clang_File_isEqual)
#define clang_Location_isFromMainFile (*p_clang_Location_isFromMainFile)
#define clang_Location_isInSystemHeader (*p_clang_Location_isInSystemHeader)
#define clang_PrintingPolicy_dispose (*p_clang_PrintingPolicy_dispose)
#define clang_Type_getNamedType (*p_clang_Type_getNamedType)
#define clang_Type_getSizeOf (*p_clang_Type_getSizeOf)
#define clang_Type_visitFields (*p_clang_Type_visitFields)
#define clang_createIndex (*p_clang_createIndex)
#define clang_disposeDiagnostic (*p_clang_disposeDiagnostic)
#define clang_disposeIndex (*p_clang_disposeIndex)
#define clang_disposeSourceRangeList (*p_clang_disposeSourceRangeList)
#define clang_disposeString (*p_clang_disposeString)
#define clang_disposeTokens (*p_clang_disposeTokens)
#define clang_disposeTranslationUnit (*p_clang_disposeTranslationUnit)
#define clang_getArrayElementType (*p_clang_getArrayElementType)
#define clang_getCString (*p_clang_getCString)
#define clang_getCanonicalCursor (*p_clang_getCanonicalCursor)
#define clang_getCanonicalType (*p_clang_getCanonicalType)
#define clang_getCursorDefinition (*p_clang_getCursorDefinition)
#define clang_getCursorExtent (*p_clang_getCursorExtent)
#define clang_getCursorKind (*p_clang_getCursorKind)
#define clang_getCursorLocation (*p_clang_getCursorLocation)
#define clang_getCursorPrettyPrinted (*p_clang_getCursorPrettyPrinted)
#define clang_getCursorPrintingPolicy (*p_clang_getCursorPrintingPolicy)
#define clang_getCursorReferenced (*p_clang_getCursorReferenced)
#define clang_getCursorSemanticParent (*p_clang_getCursorSemanticParent)
#define clang_getCursorSpelling (*p_clang_getCursorSpelling)
#define clang_getCursorType (*p_clang_getCursorType)
#define clang_getDiagnostic (*p_clang_getDiagnostic)
#define clang_getDiagnosticLocation (*p_clang_getDiagnosticLocation)
#define clang_getDiagnosticSeverity (*p_clang_getDiagnosticSeverity)
#define clang_getDiagnosticSpelling (*p_clang_getDiagnosticSpelling)
#define clang_getExpansionLocation (*p_clang_getExpansionLocation)
#define clang_getFile (*p_clang_getFile)
#define clang_getFileContents (*p_clang_getFileContents)
#define clang_getFileName (*p_clang_getFileName)
#define clang_getInclusions (*p_clang_getInclusions)
#define clang_getLocationForOffset (*p_clang_getLocationForOffset)
#define clang_getNullCursor (*p_clang_getNullCursor)
#define clang_getNumDiagnostics (*p_clang_getNumDiagnostics)
#define clang_getPointeeType (*p_clang_getPointeeType)
#define clang_getPresumedLocation (*p_clang_getPresumedLocation)
#define clang_getRange (*p_clang_getRange)
#define clang_getRangeEnd (*p_clang_getRangeEnd)
#define clang_getRangeStart (*p_clang_getRangeStart)
#define clang_getResultType (*p_clang_getResultType)
#define clang_getSkippedRanges (*p_clang_getSkippedRanges)
#define clang_getSpellingLocation (*p_clang_getSpellingLocation)
#define clang_getTokenKind (*p_clang_getTokenKind)
#define clang_getTokenLocation (*p_clang_getTokenLocation)
#define clang_getTokenSpelling (*p_clang_getTokenSpelling)
#define clang_getTranslationUnitCursor (*p_clang_getTranslationUnitCursor)
#define clang_getTypeDeclaration (*p_clang_getTypeDeclaration)
#define clang_getTypeSpelling (*p_clang_getTypeSpelling)
#define clang_getTypedefDeclUnderlyingType (*p_clang_getTypedefDeclUnderlyingType)
#define clang_isAttribute (*p_clang_isAttribute)
#define clang_isConstQualifiedType (*p_clang_isConstQualifiedType)
#define clang_isCursorDefinition (*p_clang_isCursorDefinition)
#define clang_isExpression (*p_clang_isExpression)
#define clang_parseTranslationUnit2 (*p_clang_parseTranslationUnit2)
#define clang_tokenize (*p_clang_tokenize)
#define clang_visitChildren (*p_clang_visitChildren)
/* clang-format on */

/* Loads libclang and finds every function of CLANGFNS in it, once; fatal() if it cannot. */
void loadclang(void);

#endif
