<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!-- The interface is written in French: this file holds only the words of Qt's own dialogs that
     Qt's French translation (qtbase_fr) leaves in English. gui/language.py loads it after Qt's. -->
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Drive</source>
        <translation>Disque</translation>
    </message>
    <message>
        <source>%1 File</source>
        <translation>Fichier %1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>Dossier</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Inconnu</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Regarder dans :</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>&amp;Type de fichier :</translation>
    </message>
</context>
</TS>
